import { Ltr, Time } from '../../src/app/Isolate';
import { useState } from 'react';
import { ConfirmDialog } from '../../src/app/ConfirmDialog';
import { workOrderStatusLabelKey } from '../../src/domain/customerService';
import type { WorkOrderView } from '../../src/domain/types/customerService';
import { useT } from '../../src/i18n/react';
import { button, card, muted } from '../../src/theme/ui.css';
import * as css from './chat.css';

export function StatusPill({ w }: { w: WorkOrderView }) {
  const t = useT();
  return (
    <span className={css.pill} data-testid="workorder-status" data-status={w.status}>
      {t(workOrderStatusLabelKey(w.status))}
    </span>
  );
}

export function WorkOrderRow({ w, onOpen }: { w: WorkOrderView; onOpen: () => void }) {
  const t = useT();
  return (
    <button type="button" className={css.row} onClick={onOpen} data-testid="workorder">
      <span className={css.grow}>
        <strong className={css.ellipsis}>{t(`workOrder.categories.${w.category}`)} · {w.orderNo}</strong>
        <small className={`${muted} ${css.ellipsis}`}>{w.description}</small>
        <small className={muted}>
          <Ltr>{w.workOrderNo}</Ltr> · <Time iso={w.createdAt} />
        </small>
      </span>
      {w.unread ? <span className={css.badge} aria-label={t('workOrder.newReply')} data-testid="workorder-unread">1</span> : null}
      <StatusPill w={w} />
    </button>
  );
}

/** A work order with its thread; the reply box and the close button show when the chart allows them. */
export function WorkOrderThread({ w, onReply, onClose, busy }: { w: WorkOrderView; onReply: (body: string) => void; onClose: () => void; busy: boolean }) {
  const t = useT();
  const [draft, setDraft] = useState('');
  const canReply = w.allowed.includes('USER_REPLY') || w.allowed.includes('STAFF_REPLY');
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      <section className={card} style={{ display: 'grid', gap: 8 }}>
        <p className={muted}>
          {t('workOrder.number')}: <strong>{w.workOrderNo}</strong>
        </p>
        <p className={muted}>
          {t('workOrder.orderNo')}: <strong>{w.orderNo}</strong>
        </p>
        <p className={muted}>
          {t('workOrder.category')}: {t(`workOrder.categories.${w.category}`)} · <StatusPill w={w} />
        </p>
        {w.afterSale ? (
          <p className={muted} data-testid="workorder-aftersale">
            {t('workOrder.afterSale')}: {t(w.afterSale.labelKey)}
          </p>
        ) : null}
        <p style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{w.description}</p>
        {w.imageUrls.length ? (
          <div className={css.images}>
            {w.imageUrls.map((u) => (
              <img key={u} className={css.thumb} src={u} alt={t('chat.image')} width={48} height={48} />
            ))}
          </div>
        ) : null}
        <small className={muted}>
          <Time iso={w.createdAt} />
        </small>
      </section>
      <section aria-label={t('workOrder.replies')} style={{ display: 'grid', gap: 8 }}>
        {w.replies.length === 0 ? <p className={muted}>{t('workOrder.noReplies')}</p> : null}
        {w.replies.map((r) => (
          <div key={r.id} className={`${css.bubble} ${r.by === 'user' ? css.mine : ''}`} style={{ maxWidth: '100%' }} data-testid="workorder-reply" data-by={r.by}>
            <strong>{r.by === 'staff' ? t('workOrder.staff') : r.authorName}</strong>
            <br />
            {r.body}
            <small className={css.meta}>
              <Time iso={r.createdAt} />
            </small>
          </div>
        ))}
      </section>
      {canReply ? (
        <form
          className={css.field}
          onSubmit={(e) => {
            e.preventDefault();
            if (!draft.trim()) return;
            onReply(draft.trim());
            setDraft('');
          }}
        >
          <label className={css.field}>
            <span>{t('workOrder.reply')}</span>
            <textarea className={css.textArea} value={draft} onChange={(e) => setDraft(e.target.value)} data-testid="workorder-reply-input" />
          </label>
          <button type="submit" className={button()} disabled={busy || !draft.trim()} data-testid="workorder-reply-send">
            {t('workOrder.sendReply')}
          </button>
        </form>
      ) : null}
      {w.allowed.includes('CLOSE') ? (
        <ConfirmDialog
          trigger={
            <button type="button" className={button({ tone: 'secondary' })} disabled={busy} data-testid="workorder-close">
              {t('workOrder.close')}
            </button>
          }
          title={t('workOrder.closeTitle')}
          body={t('workOrder.closeBody')}
          confirmLabel={t('workOrder.close')}
          onConfirm={onClose}
        />
      ) : null}
    </div>
  );
}

/** A work order as loaded, then as each step (reply, close) answers it; `run` takes one step at a time. */
export function useWorkOrderSteps(loaded: WorkOrderView | null) {
  const [latest, setLatest] = useState<WorkOrderView | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (step: () => Promise<WorkOrderView>) => {
    setBusy(true);
    try {
      setLatest(await step());
    } catch {
      // the shell showed the server's message
    } finally {
      setBusy(false);
    }
  };
  return { w: latest ?? loaded, busy, run };
}
