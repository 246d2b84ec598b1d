import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { selectedItems } from '../../machines/cart.machine';
import type { CheckoutRequest } from '../../machines/payment.machine';
import { useCart } from '../../src/app/cart';
import { useGate } from '../../src/app/gateContext';
import { go, useScreenQuery } from '../../src/app/navigation';
import { usePaymentActor } from '../../src/app/payment';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { showToast } from '../../src/app/toasts';
import { useResource } from '../../src/app/useResource';
import { listAddresses } from '../../src/api/cart';
import { orderDetail, quoteOrder } from '../../src/api/orders';
import { paymentMethods, type PaymentMethod } from '../../src/domain/checkout';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen, skeleton } from '../../src/theme/ui.css';
import WalletPaySheet from '../wallet/WalletPaySheet';
import * as css from './order.css';

type Items = CheckoutRequest['items'];

function newKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** "?buy=productId:skuId:quantity,…" (buy now from the product screen) or the cart's selected lines. */
function parseBuy(text: string | null): Items | null {
  if (!text) return null;
  const items = text
    .split(',')
    .map((part) => part.split(':'))
    .filter((p) => p.length === 3)
    .map(([productId = '', skuId = '', q = '1']) => ({ productId, skuId, quantity: Math.max(1, Number(q) || 1) }));
  return items.length ? items : null;
}

function Quote({ items, addressId }: { items: Items; addressId: string | null }) {
  const t = useT();
  const { state, data } = useResource(() => quoteOrder(items, addressId));
  if (state === 'loading') return <div className={skeleton} style={{ height: 80 }} aria-busy="true" />;
  if (!data) return <p className={muted}>{t('order.quoteFailed')}</p>;
  return (
    <section className={`${card} ${css.section}`} aria-label={t('order.summary')}>
      {data.groups.map((g) => (
        <div key={g.sellerId} className={css.section}>
          <strong>{g.sellerName}</strong>
          <div className={css.row}>
            <span className={muted}>{t('order.goods')}</span>
            <span>{g.goods} π</span>
          </div>
          <div className={css.row}>
            <span className={muted}>{t('order.shipping')}</span>
            <span>{g.shipping} π</span>
          </div>
        </div>
      ))}
      <div className={css.row}>
        <strong>{t('order.total')}</strong>
        <span className={css.total} data-testid="order-total">
          {data.total} π
        </span>
      </div>
    </section>
  );
}

function ExistingOrders({ ids }: { ids: string[] }) {
  const t = useT();
  const { data } = useResource(() => Promise.all(ids.map((id) => orderDetail(id))));
  if (!data) return <div className={skeleton} style={{ height: 80 }} aria-busy="true" />;
  return (
    <section className={`${card} ${css.section}`}>
      {data.map((o) => (
        <div key={o.id} className={css.row}>
          <span>{t('order.number', { no: o.orderNo })}</span>
          <strong>{o.totalAmount} π</strong>
        </div>
      ))}
    </section>
  );
}

/** /product/submit-order: delivery address, payment method, the server's totals; then pays through the payment chart. */
export default function SubmitOrderScreen() {
  const t = useT();
  const query = useScreenQuery();
  const cart = useCart();
  const cartCtx = useSelector(cart, (s) => s.context);
  const payment = usePaymentActor();
  const gate = useGate();
  const pay = useSelector(payment, (s) => s);
  const existing = useMemo(() => (query.get('orders') ?? '').split(',').filter((s) => /^\d+$/.test(s)), [query]);
  const buy = useMemo(() => parseBuy(query.get('buy')), [query]);
  const fromCart = !buy && existing.length === 0;
  const items: Items = useMemo(() => buy ?? selectedItems(cartCtx).map(({ productId, skuId, quantity }) => ({ productId, skuId, quantity })), [buy, cartCtx]);
  const itemsKey = JSON.stringify(items);

  const addresses = useResource(listAddresses);
  const [addressId, setAddressId] = useState<string | null>(null);
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const keyRef = useRef(newKey());
  const group = useId(); // radio groups per kept-alive instance
  const chosenAddress = addressId ?? addresses.data?.find((a) => a.isDefault)?.id ?? addresses.data?.[0]?.id ?? null;

  // The chart's outcome decides where the buyer goes next.
  const orderIds = pay.context.orderIds.join(',');
  useEffect(() => {
    // Lines that became orders leave the cart, paid or not (an unpaid order is paid again from its
    // result screen or My orders, never ordered a second time from the cart).
    const ended = pay.matches('succeeded') || pay.matches('canceled') || pay.matches('failed');
    if (ended && fromCart && orderIds !== '') cart.send({ type: 'CHECKED_OUT', skuIds: items.map((i) => i.skuId) });
    if (pay.matches('succeeded')) {
      keyRef.current = newKey();
      payment.send({ type: 'RESET' });
      gate.send({ type: 'REFRESH_USER' }); // the balance changed
      go(`/result/success?orders=${orderIds}`, { replace: true });
    } else if (pay.matches('canceled')) {
      keyRef.current = newKey();
      showToast(t('messages.paymentCanceled'), 'error');
      payment.send({ type: 'RESET' });
      go(`/result/fail?reason=canceled&orders=${orderIds}`, { replace: true });
    } else if (pay.matches('failed')) {
      keyRef.current = newKey();
      payment.send({ type: 'RESET' });
      go(`/result/fail?reason=failed&orders=${orderIds}`, { replace: true });
    }
  }, [pay, payment, cart, fromCart, items, orderIds, t, gate]);

  const busy = !pay.matches('idle') && !pay.matches({ wallet: 'password' });
  const submit = () => {
    if (existing.length > 0) {
      if (!method) return showToast(t('commerce.paymentMethodRequired'), 'error');
      payment.send({ type: 'PAY', method, orderIds: existing });
      return;
    }
    if (items.length === 0) return showToast(t('cart.selectAtLeastOne'), 'error');
    if (!chosenAddress) return showToast(t('commerce.addressRequired'), 'error');
    if (!method) return showToast(t('commerce.paymentMethodRequired'), 'error');
    payment.send({ type: 'SUBMIT', request: { idempotencyKey: keyRef.current, items, addressId: chosenAddress, paymentMethod: method } });
  };

  return (
    <>
      <ScreenHeader title={t('order.submitTitle')} />
      <div className={screen}>
        {existing.length === 0 && (
          <section className={`${card} ${css.section}`} aria-labelledby="order-address">
            <h2 id="order-address" className={css.heading}>
              {t('order.address')}
            </h2>
            {addresses.state === 'loading' && <div className={skeleton} style={{ height: 48 }} />}
            {addresses.data?.length === 0 && <p className={muted}>{t('order.noAddress')}</p>}
            {addresses.data?.map((a) => (
              <label key={a.id} className={css.option} data-testid={`order-address-${a.id}`}>
                <input type="radio" name={`${group}-address`} checked={chosenAddress === a.id} onChange={() => setAddressId(a.id)} />
                <span>
                  <strong>
                    {a.firstName} {a.lastName}
                  </strong>{' '}
                  {a.phone}
                  <br />
                  <span className={muted}>
                    {a.region} · {a.detail}
                  </span>
                </span>
              </label>
            ))}
            <button type="button" className={button({ tone: 'ghost' })} data-testid="order-add-address" onClick={() => go('/mine/address/add?back=submit')}>
              {t('order.addAddress')}
            </button>
          </section>
        )}
        {existing.length > 0 ? <ExistingOrders key={existing.join(',')} ids={existing} /> : items.length > 0 ? <Quote key={`${itemsKey}|${chosenAddress ?? ''}`} items={items} addressId={chosenAddress} /> : <p className={muted}>{t('cart.selectAtLeastOne')}</p>}
        <section className={`${card} ${css.section}`} aria-labelledby="order-method">
          <h2 id="order-method" className={css.heading}>
            {t('order.method')}
          </h2>
          {paymentMethods.map((m) => (
            <label key={m} className={css.option}>
              <input type="radio" name={`${group}-method`} checked={method === m} onChange={() => setMethod(m)} data-testid={`pay-method-${m}`} />
              <span>{t(`order.methods.${m}`)}</span>
            </label>
          ))}
        </section>
        {busy && (
          <div className={css.waiting} role="status" data-testid="payment-waiting">
            <div className={skeleton} style={{ width: 48, height: 48, borderRadius: '50%' }} />
            <p className={muted}>{t('order.waiting')}</p>
          </div>
        )}
      </div>
      <div className={css.footer}>
        <span className={muted}>{t('order.serverTotals')}</span>
        <button type="button" className={button()} disabled={busy} onClick={submit} data-testid="submit-order">
          {existing.length > 0 ? t('order.pay') : t('order.submit')}
        </button>
      </div>
      <WalletPaySheet
        open={pay.matches('wallet')}
        total=""
        busy={pay.matches({ wallet: 'paying' })}
        problem={pay.context.failure}
        onPay={(password) => payment.send({ type: 'PASSWORD', password })}
        onClose={() => payment.send({ type: 'CLOSE_SHEET' })}
      />
    </>
  );
}
