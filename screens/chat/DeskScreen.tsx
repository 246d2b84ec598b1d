import { useState } from 'react';
import { deskConversations, deskUserContext, deskWorkOrder, staffCloseWorkOrder, staffReplyWorkOrder, workOrderQueue } from '../../src/api/chat';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { specDatetime } from '../../src/domain/customerService';
import { orderStatusLabelKey } from '../../src/domain/orderStatus';
import type { ConversationView } from '../../src/domain/types/customerService';
import { useT } from '../../src/i18n/react';
import { button, card, muted } from '../../src/theme/ui.css';
import * as css from './chat.css';
import { ChatPanel } from './ChatPanel';
import { ConversationRow } from './ContactListScreen';
import { LoginRequired } from './LoginRequired';
import { useWorkOrderSteps, WorkOrderRow, WorkOrderThread } from './WorkOrderParts';
import { Icon } from '../../src/app/Icon';

/** Beside the chat: the user's orders (with their status) and work orders. */
function UserContext({ userId }: { userId: string }) {
  const t = useT();
  const context = useResource(() => deskUserContext(userId));
  return (
    <aside className={card} aria-label={t('chat.desk.userOrders')} data-testid="desk-user-orders">
      <h2 style={{ margin: '0 0 8px', fontSize: 16 }}>{t('chat.desk.userOrders')}</h2>
      {(context.data?.orders ?? []).length === 0 ? <p className={muted}>{t('app.empty')}</p> : null}
      {(context.data?.orders ?? []).map((o) => (
        <p key={o.id} className={muted}>
          {o.orderNo} · {t(orderStatusLabelKey(o.status))} · {o.totalAmount} π
        </p>
      ))}
      {(context.data?.workOrders ?? []).map((w) => (
        <p key={w.id} className={muted}>
          {w.workOrderNo} · {t(`workOrder.status.${w.status}`)}
        </p>
      ))}
    </aside>
  );
}

function Conversations() {
  const t = useT();
  const list = useResource(deskConversations);
  const [open, setOpen] = useState<ConversationView | null>(null);
  if (open) {
    return (
      <section style={{ display: 'grid', gap: 12 }}>
        <button type="button" className={button({ tone: 'ghost' })} onClick={() => { setOpen(null); list.reload(); }}>
          <Icon name="back" size={16} /> {t('chat.desk.waiting')}
        </button>
        <h2 style={{ margin: 0, fontSize: 16 }}>{open.otherName}</h2>
        <UserContext userId={open.buyerId} />
        <div className={card} style={{ padding: 0, overflow: 'hidden' }}>
          <ChatPanel conversation={open} />
        </div>
      </section>
    );
  }
  return (
    <section className={card} style={{ padding: 0, overflow: 'hidden' }} aria-labelledby="desk-waiting">
      <h2 id="desk-waiting" style={{ margin: 0, padding: 16, fontSize: 16 }}>
        {t('chat.desk.waiting')}
      </h2>
      {list.state === 'ready' && (list.data ?? []).length === 0 ? <p className={muted} style={{ padding: 16 }}>{t('chat.noConversations')}</p> : null}
      {(list.data ?? []).map((c) => (
        <ConversationRow key={c.id} c={c} onOpen={() => setOpen(c)} />
      ))}
    </section>
  );
}

function WorkOrderDesk({ id, onBack }: { id: string; onBack: () => void }) {
  const t = useT();
  const loaded = useResource(() => deskWorkOrder(id));
  const { w, busy, run } = useWorkOrderSteps(loaded.data);
  return (
    <section style={{ display: 'grid', gap: 12 }}>
      <button type="button" className={button({ tone: 'ghost' })} onClick={onBack}>
        <Icon name="back" size={16} /> {t('chat.desk.queue')}
      </button>
      {w ? (
        <>
          <p className={muted}>{w.userName}</p>
          <WorkOrderThread w={w} busy={busy} onReply={(body) => void run(() => staffReplyWorkOrder(w.id, body))} onClose={() => void run(() => staffCloseWorkOrder(w.id))} />
        </>
      ) : (
        <p className={muted}>{t('app.loading')}</p>
      )}
    </section>
  );
}

function Queue() {
  const t = useT();
  const [status, setStatus] = useState<'open' | 'answered' | 'closed'>('open');
  const queue = useResource(() => workOrderQueue(status));
  const [open, setOpen] = useState<string | null>(null);
  if (open) return <WorkOrderDesk id={open} onBack={() => { setOpen(null); queue.reload(); }} />;
  return (
    <section className={card} style={{ padding: 0, overflow: 'hidden' }} aria-labelledby="desk-queue">
      <h2 id="desk-queue" style={{ margin: 0, padding: 16, fontSize: 16 }}>
        {t('chat.desk.queue')}
      </h2>
      <div role="tablist" style={{ display: 'flex', gap: 8, padding: '0 16px 8px' }}>
        {(['open', 'answered', 'closed'] as const).map((s) => (
          <button key={s} type="button" role="tab" aria-selected={s === status} className={button({ tone: s === status ? 'primary' : 'secondary' })} onClick={() => { setStatus(s); setTimeout(queue.reload); }}>
            {t(`workOrder.status.${s}`)}
          </button>
        ))}
      </div>
      {queue.state === 'ready' && (queue.data ?? []).length === 0 ? <p className={muted} style={{ padding: 16 }}>{t('workOrder.none')}</p> : null}
      {(queue.data ?? []).map((w) => (
        <div key={w.id}>
          <WorkOrderRow w={w} onOpen={() => setOpen(w.id)} />
          <small className={muted} style={{ padding: '0 12px' }}>
            {t('chat.desk.waitingSince', { at: specDatetime(w.createdAt) })}
          </small>
        </div>
      ))}
    </section>
  );
}

/** /platform/console/service: the customer-service desk: conversations waiting for the platform, answered live, the user's orders beside; the work-order queue by age. */
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
