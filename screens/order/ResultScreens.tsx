import { useEffect, type ReactNode } from 'react';
import { go, useScreenQuery } from '../../src/app/navigation';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { orderDetail } from '../../src/api/orders';
import { orderStatusLabelKey } from '../../src/domain/orderStatus';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen, skeleton, title } from '../../src/theme/ui.css';
import * as css from './order.css';
import { Icon, type IconName } from '../../src/app/Icon';

function idsOf(query: URLSearchParams): string[] {
  return (query.get('orders') ?? '').split(',').filter((s) => /^\d+$/.test(s));
}

function OrderList({ ids }: { ids: string[] }) {
  const t = useT();
  const { data, state } = useResource(() => Promise.all(ids.map((id) => orderDetail(id))));
  if (state === 'loading') return <div className={skeleton} style={{ height: 64, width: '100%' }} aria-busy="true" />;
  return (
    <section className={card} style={{ width: '100%' }}>
      {(data ?? []).map((o) => (
        <div key={o.id} className={css.row} data-testid={`result-order-${o.id}`}>
          <span>
            {t('order.number', { no: o.orderNo })} · {o.sellerName}
          </span>
          <strong data-testid={`result-status-${o.id}`}>{t(orderStatusLabelKey(o.status))}</strong>
        </div>
      ))}
    </section>
  );
}

/** A result screen: the sign, the SPEC message, the orders concerned and what to do next. */
function ResultFrame({ icon, heading, ids, note, actions }: { icon: IconName; heading: string; ids: string[]; note?: ReactNode; actions: ReactNode }) {
  const t = useT();
  return (
    <>
      <ScreenHeader title={t('result.title')} backTo="/index" />
      <div className={`${screen} ${css.result}`}>
        <p className={css.icon} aria-hidden="true">
          <Icon name={icon} size={48} />
        </p>
        <h2 className={title} data-testid="result-title">
          {heading}
        </h2>
        {note}
        {ids.length > 0 && <OrderList key={ids.join(',')} ids={ids} />}
        <div className={css.actions}>{actions}</div>
      </div>
    </>
  );
}

/** /result/success: "Payment successful" and the paid orders. */
export function SuccessScreen() {
  const t = useT();
  const ids = idsOf(useScreenQuery());
  return (
    <ResultFrame
      icon="check"
      heading={t('messages.paymentSuccessful')}
      ids={ids}
      actions={
        <>
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => go('/index')}>
            {t('result.continue')}
          </button>
          <button type="button" className={button()} onClick={() => go('/mine/order/list?tab=pendingShipment')} data-testid="result-view-orders">
            {t('buyerOrders.account.myOrders')}
          </button>
        </>
      }
    />
  );
}

/** /result/fail?reason=canceled|failed: the SPEC message and a way to pay the same orders again. */
export function FailScreen() {
  const t = useT();
  const query = useScreenQuery();
  const ids = idsOf(query);
  const canceled = query.get('reason') === 'canceled';
  return (
    <ResultFrame
      icon="close"
      heading={canceled ? t('messages.paymentCanceled') : t('messages.paymentFailed')}
      ids={ids}
      note={canceled ? null : <p className={muted}>{t('messages.paymentsError')}</p>}
      actions={
        <>
          {ids.length > 0 && (
            <button type="button" className={button()} data-testid="result-pay-again" onClick={() => go(`/product/submit-order?orders=${ids.join(',')}`)}>
              {t('result.payAgain')}
            </button>
          )}
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => go('/index')}>
            {t('result.continue')}
          </button>
        </>
      }
    />
  );
}

/** /result/waitresult: waits for the orders to show paid (the coin's completion may land a moment later), then moves on. */
export function WaitResultScreen() {
  const t = useT();
  const query = useScreenQuery();
  const ids = idsOf(query);
  const { data, reload } = useResource(() => Promise.all(ids.map((id) => orderDetail(id))));
  useEffect(() => {
    if (!data) return;
    if (data.length > 0 && data.every((o) => o.status !== 'unpaid')) {
      go(data.every((o) => o.status === 'paid') ? `/result/success?orders=${ids.join(',')}` : `/result/fail?reason=failed&orders=${ids.join(',')}`, { replace: true });
      return;
    }
    const timer = window.setTimeout(reload, 2000);
    return () => window.clearTimeout(timer);
  }, [data, ids, reload]);
  return (
    <>
      <ScreenHeader title={t('result.title')} />
      <div className={`${screen} ${css.result}`} role="status">
        <div className={skeleton} style={{ width: 48, height: 48, borderRadius: '50%' }} />
        <h2 className={title}>{t('result.waiting')}</h2>
      </div>
    </>
  );
}


