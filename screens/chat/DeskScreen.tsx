import { Bdi, ltrText } from '../../src/app/Isolate';
import { useState } from 'react';
import { deskConversations, deskUserContext, deskWorkOrder, staffCloseWorkOrder, staffReplyWorkOrder, workOrderQueue } from '../../src/api/chat';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { specDatetime } from '../../src/domain/customerService';
import { PersonPanel } from '../../src/app/console/PersonPanel';
import type { ConversationView, WorkOrderView } from '../../src/domain/types/customerService';
import { useT } from '../../src/i18n/react';
import { button, card, muted } from '../../src/theme/ui.css';
import * as css from './chat.css';
import { ChatPanel } from './ChatPanel';
import { ConversationRow } from './ContactListScreen';
import { LoginRequired } from './LoginRequired';
import { useWorkOrderSteps, WorkOrderRow, WorkOrderThread } from './WorkOrderParts';
import { Icon } from '../../src/app/Icon';

/** Beside the conversation: the customer's work orders (their account, orders and cases are in the person panel). */
function WorkOrders({ userId }: { userId: string }) {
  const t = useT();
  const context = useResource(() => deskUserContext(userId));
  const list = context.data?.workOrders ?? [];
  if (list.length === 0) return null;
  return (
    <section className={card} aria-labelledby={`desk-work-orders-${userId}`} data-testid="desk-user-workorders">
      <h3 id={`desk-work-orders-${userId}`} style={{ margin: '0 0 8px', fontSize: 14 }}>
        {t('chat.desk.queue')}
      </h3>
      {list.map((w) => (
        <p key={w.id} className={muted} style={{ margin: '4px 0' }}>
          {w.workOrderNo} · {t(`workOrder.status.${w.status}`)}
        </p>
      ))}
    </section>
  );
}

type Pane = 'queue' | 'chat' | 'customer';

/**
 * The conversations as a desk (issue 24, finding 16): the queue, the open conversation and the customer
 * (account, orders and after-sale cases with their products named, earlier withdrawals) side by side at
 * a desk; on a phone one pane at a time, with a way to each of the others.
 */
function Conversations() {
  const t = useT();
  const list = useResource(deskConversations);
  const [open, setOpen] = useState<ConversationView | null>(null);
  const [pane, setPane] = useState<Pane>('queue');
  const name = open ? open.otherName || t('chat.customerService') : '';
  return (
    <div className={css.panes} data-testid="desk-panes">
      <section className={`${card} ${css.pane}`} style={{ padding: 0 }} data-active={pane === 'queue'} aria-labelledby="desk-waiting" data-testid="desk-queue-pane">
        <h2 id="desk-waiting" style={{ margin: 0, padding: 16, fontSize: 16 }}>
          {t('chat.desk.waiting')}
        </h2>
        {list.state === 'ready' && (list.data ?? []).length === 0 ? <p className={muted} style={{ padding: 16 }}>{t('chat.noConversations')}</p> : null}
        <div role="list">
          {(list.data ?? []).map((c) => (
            <div role="listitem" key={c.id} aria-current={open?.id === c.id ? 'true' : undefined} className={open?.id === c.id ? css.currentRow : undefined}>
              <ConversationRow
                c={c}
                onOpen={() => {
                  setOpen(c);
                  setPane('chat');
                }}
              />
            </div>
          ))}
        </div>
      </section>
      <section className={css.pane} data-active={pane === 'chat'} aria-label={open ? t('desk.conversationWith', { name }) : t('desk.conversation')} data-testid="desk-chat-pane">
        {open ? (
          <>
            <div className={css.paneNav}>
              {/* On a phone the bar is back, the customer's name, the customer: the back arrow alone, as in a messaging app. */}
              <button
                type="button"
                className={`${button({ tone: 'ghost' })} ${css.phoneOnly} ${css.paneNavButton} ${css.paneNavBack}`}
                onClick={() => {
                  setPane('queue');
                  list.reload();
                }}
                aria-label={t('chat.desk.waiting')}
                title={t('chat.desk.waiting')}
                data-testid="desk-back-queue"
              >
                <Icon name="back" size={20} />
              </button>
              <h2 className={css.paneTitle} style={{ flex: 1 }} title={name}>
                {name}
              </h2>
              <button type="button" className={`${button({ tone: 'secondary' })} ${css.phoneOnly} ${css.paneNavButton}`} onClick={() => setPane('customer')} title={t('desk.aboutCustomer')} data-testid="desk-show-customer">
                <Icon name="user" size={16} /> {t('desk.customer')}
              </button>
            </div>
            <div className={card} style={{ padding: 0, overflow: 'hidden' }}>
              <ChatPanel key={open.id} conversation={open} className={css.deskRoom} />
            </div>
          </>
        ) : (
          <p className={`${card} ${muted} ${css.placeholder}`}>{t('desk.pickConversation')}</p>
        )}
      </section>
      <section className={css.pane} data-active={pane === 'customer'} aria-label={t('desk.customer')} data-testid="desk-customer-pane">
        {open ? (
          <>
            <button type="button" className={`${button({ tone: 'ghost' })} ${css.phoneOnly}`} onClick={() => setPane('chat')} data-testid="desk-back-chat">
              <Icon name="back" size={16} /> {t('desk.backToConversation')}
            </button>
            <PersonPanel key={open.buyerId} userId={open.buyerId} view="customer" testId="desk-user-orders" />
            <WorkOrders key={`w-${open.buyerId}`} userId={open.buyerId} />
          </>
        ) : (
          <p className={`${card} ${muted} ${css.placeholder}`}>{t('desk.customerHint')}</p>
        )}
      </section>
    </div>
  );
}

/** The open work order (its thread, the reply and the close) in the middle pane; the customer in the right one. */
function WorkOrderPanes({ id, onBack, onChanged }: { id: string; onBack: () => void; onChanged: () => void }) {
  const t = useT();
  const loaded = useResource(() => deskWorkOrder(id));
  const { w, busy, run } = useWorkOrderSteps(loaded.data);
  const step = (action: () => Promise<WorkOrderView>) => void run(action).then(onChanged);
  return (
    <>
      <section className={css.pane} data-active aria-label={t('workOrder.detailTitle')} data-testid="desk-workorder-pane">
        <div className={css.paneNav}>
          <button type="button" className={`${button({ tone: 'ghost' })} ${css.phoneOnly} ${css.paneNavButton}`} onClick={onBack} data-testid="desk-workorder-back">
            <Icon name="back" size={16} /> {t('chat.desk.queue')}
          </button>
        </div>
        {w ? (
          <>
            <p className={muted}>
              <Bdi>{w.userName}</Bdi>
            </p>
            <WorkOrderThread w={w} busy={busy} onReply={(body) => step(() => staffReplyWorkOrder(w.id, body))} onClose={() => step(() => staffCloseWorkOrder(w.id))} />
          </>
        ) : (
          <p className={muted}>{t('app.loading')}</p>
        )}
      </section>
      <section className={css.pane} data-active aria-label={t('desk.customer')} data-testid="desk-workorder-customer">
        {w ? <PersonPanel key={w.userId} userId={w.userId} view="customer" /> : null}
      </section>
    </>
  );
}

/**
 * The work-order queue by age (issue 37, finding 8): at a desk three panes as for conversations, the queue, the open
 * work order and its customer; on a phone the queue, then the open work order with its customer under it.
 */
function Queue() {
  const t = useT();
  const [status, setStatus] = useState<'open' | 'answered' | 'closed'>('open');
  const queue = useResource(() => workOrderQueue(status));
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div className={css.panes} data-testid="desk-workorder-panes">
      <section className={`${card} ${css.pane}`} style={{ padding: 0 }} data-active={open === null} aria-labelledby="desk-queue">
        <h2 id="desk-queue" style={{ margin: 0, padding: 16, fontSize: 16 }}>
          {t('chat.desk.queue')}
        </h2>
        <div role="tablist" className={css.statusTabs}>
          {(['open', 'answered', 'closed'] as const).map((s) => (
            <button key={s} type="button" role="tab" aria-selected={s === status} className={`${button({ tone: s === status ? 'primary' : 'secondary' })} ${css.statusTab}`} onClick={() => { setStatus(s); setTimeout(queue.reload); }}>
              {t(`workOrder.status.${s}`)}
            </button>
          ))}
        </div>
        {queue.state === 'ready' && (queue.data ?? []).length === 0 ? <p className={muted} style={{ padding: 16 }}>{t('workOrder.none')}</p> : null}
        <div role="list">
          {(queue.data ?? []).map((w) => (
            <div role="listitem" key={w.id} aria-current={open === w.id ? 'true' : undefined} className={open === w.id ? css.currentRow : undefined}>
              <WorkOrderRow w={w} onOpen={() => setOpen(w.id)} />
              <small className={muted} style={{ padding: '0 12px' }}>
                {t('chat.desk.waitingSince', { at: ltrText(specDatetime(w.createdAt)) })}
              </small>
            </div>
          ))}
        </div>
      </section>
      {open ? (
        <WorkOrderPanes key={open} id={open} onBack={() => { setOpen(null); queue.reload(); }} onChanged={() => queue.reload()} />
      ) : (
        <p className={`${card} ${muted} ${css.placeholder} ${css.deskOnly}`}>{t('desk.pickWorkOrder')}</p>
      )}
    </div>
  );
}

/** /platform/console/service: the customer-service desk: conversations waiting for the platform, answered live, the customer beside (three panes at a desk); the work-order queue by age. */
export default function DeskScreen() {
  const t = useT();
  const [tab, setTab] = useState<'chat' | 'workOrders'>('chat');
  return (
    <>
      <ScreenHeader title={t('chat.desk.title')} backTo="/platform/console" />
      <LoginRequired>
        <div className={css.desk}>
          <div role="tablist" style={{ display: 'flex', gap: 8 }}>
            <button type="button" role="tab" aria-selected={tab === 'chat'} className={button({ tone: tab === 'chat' ? 'primary' : 'secondary' })} onClick={() => setTab('chat')} data-testid="desk-tab-chat">
              {t('chat.desk.conversations')}
            </button>
            <button type="button" role="tab" aria-selected={tab === 'workOrders'} className={button({ tone: tab === 'workOrders' ? 'primary' : 'secondary' })} onClick={() => setTab('workOrders')} data-testid="desk-tab-workorders">
              {t('chat.desk.queue')}
            </button>
          </div>
          {tab === 'chat' ? <Conversations /> : <Queue />}
        </div>
      </LoginRequired>
    </>
  );
}
