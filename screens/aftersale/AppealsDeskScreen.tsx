import { useEffect, useState } from 'react';
import { afterSaleDetail, appealQueue } from '../../src/api/afterSale';
import { useDateTime } from '../../src/app/orders/BuyerFormat';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import type { AfterSaleView } from '../../src/domain/types/afterSale';
import { useT } from '../../src/i18n/react';
import { card, muted } from '../../src/theme/ui.css';
import * as css from './afterSale.css';
import { CaseView } from './CaseView';
import { Money } from '../../src/app/Money';

/**
 * /platform/console/appeals: the arbiter's desk. The queue (overdue first, then the oldest) beside the
 * open case on a desktop (the console uses the screen's width); stacked on a phone.
 */
export default function AppealsDeskScreen() {
  const t = useT();
  const when = useDateTime();
  const queue = useResource(() => appealQueue());
  const reloadQueue = queue.reload;
  useEffect(() => reloadQueue(), []);
  const [openId, setOpenId] = useState<string | null>(null);
  const [open, setOpen] = useState<AfterSaleView | null>(null);
  useEffect(() => {
    if (!openId) return;
    let live = true;
    afterSaleDetail(openId)
      .then((v) => live && setOpen(v))
      .catch(() => live && setOpen(null));
    return () => {
      live = false;
    };
  }, [openId]);
  return (
    <div>
      <ScreenHeader title={t('afterSale.console.title')} backTo="/platform/console" />
      <div className={css.desk}>
        <section aria-labelledby="appeals-queue" className={`${card} ${css.field}`}>
          <h2 id="appeals-queue" className={css.label}>
            {t('afterSale.console.queue')}
          </h2>
          <ul className={css.timeline} data-testid="appeals-queue">
            {(queue.data ?? []).map((v) => (
              <li key={v.id}>
                <button type="button" className={css.listItem} aria-current={v.id === openId ? 'true' : undefined} onClick={() => setOpenId(v.id)} data-testid={`appeal-${v.id}`}>
                  <span className={css.grow}>
                    <strong>{v.title}</strong>
                    <span className={muted}>
                      {v.buyerName} → {v.sellerName} · <Money amount={v.amount} />
                    </span>
                    <span className={muted}>{t('afterSale.console.appealedAt', { at: when(v.appealedAt) })}</span>
                  </span>
                  {v.overdue ? <span className={css.overdueTag}>{t('afterSale.detail.overdue')}</span> : null}
                </button>
              </li>
            ))}
          </ul>
          {queue.state === 'ready' && (queue.data ?? []).length === 0 ? <p className={muted}>{t('afterSale.console.empty')}</p> : null}
        </section>
        <section aria-live="polite">
          {open ? (
            <CaseView
              view={open}
              onChanged={(v) => {
                setOpen(v);
                queue.reload();
              }}
            />
          ) : (
            <p className={muted}>{t('afterSale.console.pick')}</p>
          )}
        </section>
      </div>
    </div>
  );
}
