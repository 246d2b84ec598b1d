import { Radio } from '../../src/app/FormControls';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { selectedItems } from '../../machines/cart.machine';
import type { CheckoutRequest } from '../../machines/payment.machine';
import { useCart } from '../../src/app/cart';
import { useGate } from '../../src/app/gateContext';
import { go, useScreenQuery } from '../../src/app/navigation';
import { detourTo } from '../../src/app/returnTo';
import { usePaymentActor } from '../../src/app/payment';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { listAddresses } from '../../src/api/cart';
import { orderDetail, quoteOrder } from '../../src/api/orders';
import { paymentMethods, type PaymentMethod } from '../../src/domain/checkout';
import { formatMoney, parseMoney } from '../../src/domain/money';
import { walletAppBalance } from '../../src/api/pay';
import { useAccountBalance } from '../../src/app/orders/BuyerBalance';
import { Icon } from '../../src/app/Icon';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen, skeleton, ownDirection } from '../../src/theme/ui.css';
import WalletPaySheet from '../wallet/WalletPaySheet';
import PayReviewSheet from './PayReviewSheet';
import * as css from './order.css';
import { Money } from '../../src/app/Money';
import { moneyText } from '../../src/app/moneyText';

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

/** The quote: every line per shop (picture, name, specification and colour, quantity, unit price), the shop's goods, shipping and total. */
function Quote({ items, addressId, onTotal }: { items: Items; addressId: string | null; onTotal: (total: string | null) => void }) {
  const t = useT();
  const { state, data } = useResource(() => quoteOrder(items, addressId));
  const total = data?.total ?? null;
  // While the same goods are quoted again for the address once it is known, the total shown stays (the address
  // decides where the goods can go, not what they cost): no flicker to "…" and back. A failed quote clears it.
  useEffect(() => {
    if (state !== 'loading') onTotal(total);
  }, [state, total, onTotal]);
  if (state === 'loading') return <div className={skeleton} style={{ height: 80 }} aria-busy="true" />;
  if (!data) return <p className={muted}>{t('order.quoteFailed')}</p>;
  return (
    <>
      {data.groups.map((g) => (
        <section key={g.sellerId} className={`${card} ${css.section}`} aria-label={g.sellerName} data-testid={`order-shop-${g.sellerId}`}>
          <h2 className={css.shopName}>
            <Icon name="store" />
            {g.sellerName}
          </h2>
          <ul className={css.lines}>
            {g.lines.map((l) => (
              <li key={l.skuId} className={css.line} data-testid={`order-line-${l.skuId}`}>
                {l.image ? <img className={css.lineThumb} src={l.image} alt="" width={64} height={64} /> : <span className={css.lineThumb} aria-hidden="true" />}
                <span className={css.lineInfo}>
                  <span className={`${css.lineTitle} ${ownDirection}`} dir="auto">
                    {l.title}
                  </span>
                  <span className={muted}>
                    {l.specification} · {l.colour}
                  </span>
                  <span className={css.row}>
                    <Money amount={l.unitPrice} strong />
                    <span className={muted} data-testid={`order-line-qty-${l.skuId}`}>
                      {t('buy.checkout.quantity', { quantity: l.quantity })}
                    </span>
                  </span>
                </span>
              </li>
            ))}
          </ul>
          <div className={css.row}>
            <span className={muted}>{t('order.goods')}</span>
            <Money amount={g.goods} />
          </div>
          <div className={css.row}>
            <span className={muted}>{t('order.shipping')}</span>
            <span data-testid={`order-shipping-${g.sellerId}`}>{g.shipping === '0' ? t('buy.checkout.freeShipping') : <Money amount={g.shipping} />}</span>
          </div>
          <div className={css.row}>
            <span>{t('buy.checkout.shopTotal')}</span>
            <Money amount={g.total} strong />
          </div>
        </section>
      ))}
    </>
  );
}

/** What the orders cost, as the server has them (the amount a review sheet shows and sends). */
function OrdersAmount({ ids, children }: { ids: string[]; children: (amount: string | null) => React.ReactNode }) {
  const { data } = useResource(() => Promise.all(ids.map((id) => orderDetail(id))));
  return <>{children(data ? formatMoney(data.reduce((sum, o) => sum + parseMoney(o.totalAmount), 0n)) : null)}</>;
}

function ExistingOrders({ ids, onTotal }: { ids: string[]; onTotal: (total: string | null) => void }) {
  const t = useT();
  const { data } = useResource(() => Promise.all(ids.map((id) => orderDetail(id))));
  const total = data ? formatMoney(data.reduce((sum, o) => sum + parseMoney(o.totalAmount), 0n)) : null;
  useEffect(() => onTotal(total), [total, onTotal]);
  if (!data) return <div className={skeleton} style={{ height: 80 }} aria-busy="true" />;
  return (
    <section className={`${card} ${css.section}`}>
      {data.map((o) => (
        <div key={o.id} className={css.section}>
          <div className={css.row}>
            <span>{t('order.number', { no: o.orderNo })}</span>
            <Money amount={o.totalAmount} strong />
          </div>
          <ul className={css.lines}>
            {o.items.map((l) => (
              <li key={l.skuId} className={css.line}>
                <span className={css.lineInfo}>
                  <span className={`${css.lineTitle} ${ownDirection}`} dir="auto">
                    {l.title}
                  </span>
                  <span className={muted}>
                    {l.specification} · {l.colour} · {t('buy.checkout.quantity', { quantity: l.quantity })}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

const lastMethodKey = 'coin-mall.lastPaymentMethod';

function lastMethod(): PaymentMethod | null {
  try {
    const stored = localStorage.getItem(lastMethodKey);
    return paymentMethods.find((m) => m === stored) ?? null;
  } catch {
    return null;
  }
}

function rememberMethod(method: PaymentMethod): void {
  try {
    localStorage.setItem(lastMethodKey, method);
  } catch {
    // private mode: remembered for this visit only
  }
}

/**
 * What the person holds for each method: the account balance, the wallet app's balance (once merged);
 * the Pi wallet's balance stays in the Pi Browser (its wallet sheet shows it). A method is payable when
 * what it holds covers the total (the coin: always; the host's sheet says if not).
 */
function useMethodBalances(total: string | null) {
  const account = useAccountBalance();
  const wallet = useResource(() => walletAppBalance().catch(() => null));
  const refreshAccount = account.refresh;
  useEffect(() => {
    void refreshAccount();
  }, []);
  const need = total === null ? null : parseMoney(total);
  const covers = (held: string | null | undefined) => held !== null && held !== undefined && need !== null && parseMoney(held) >= need;
  const balances: Record<PaymentMethod, { held: string | null; payable: boolean; known: boolean }> = {
    coin: { held: null, payable: true, known: true },
    balance: { held: account.balance, payable: covers(account.balance), known: account.balance !== null },
    wallet: { held: wallet.data?.merged ? wallet.data.balance : null, payable: !!wallet.data?.merged && covers(wallet.data.balance), known: wallet.state !== 'loading' },
  };
  return balances;
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
  const [chosenMethod, setMethod] = useState<PaymentMethod | null>(null);
  const [total, setTotal] = useState<string | null>(null);
  // Other goods, another total: the one shown is cleared until they are quoted.
  useEffect(() => setTotal(null), [itemsKey]);
  const balances = useMethodBalances(total);
  // Preselected: the method used last time if it can pay this total, else the first that can.
  const remembered = useMemo(lastMethod, []);
  const allKnown = paymentMethods.every((m) => balances[m].known);
  const preselected = !allKnown || total === null ? null : remembered && balances[remembered].payable ? remembered : (paymentMethods.find((m) => balances[m].payable) ?? null);
  const method = chosenMethod ?? preselected;
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
      // The result screen says it was canceled (a toast here would follow the buyer there, over its buttons).
      keyRef.current = newKey();
      payment.send({ type: 'RESET' });
      go(`/result/fail?reason=canceled&orders=${orderIds}`, { replace: true });
    } else if (pay.matches('failed')) {
      keyRef.current = newKey();
      payment.send({ type: 'RESET' });
      go(`/result/fail?reason=failed&orders=${orderIds}`, { replace: true });
    }
  }, [pay, payment, cart, fromCart, items, orderIds, gate]);

  // A closed review (issue 33) leaves the buyer here, goods and choices kept, the orders unpaid in To pay.
  const unpaid = pay.matches('unpaid');
  const busy = !pay.matches('idle') && !unpaid && !pay.matches({ wallet: 'password' }) && !pay.matches({ balance: 'review' });
  // A problem that belongs to a field stands at the field (never a toast over the next action).
  const [problem, setProblem] = useState<'address' | 'method' | null>(null);
  useEffect(() => setProblem((p) => (p === 'address' && chosenAddress) || (p === 'method' && method) ? null : p), [chosenAddress, method]);
  const submit = () => {
    if (existing.length > 0) {
      if (!method) return setProblem('method');
      rememberMethod(method);
      payment.send({ type: 'PAY', method, orderIds: existing });
      return;
    }
    if (items.length === 0) return;
    if (!chosenAddress) return setProblem('address');
    if (!method) return setProblem('method');
    rememberMethod(method);
    // Other goods than the unpaid orders were placed for get a new key (the chart pays those orders for the same goods).
    if (unpaid) keyRef.current = newKey();
    payment.send({ type: 'SUBMIT', request: { idempotencyKey: keyRef.current, items, addressId: chosenAddress, paymentMethod: method, ...(fromCart ? { fromCart: true } : {}) } });
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
                <Radio name={`${group}-address`} checked={chosenAddress === a.id} onChange={() => setAddressId(a.id)} />
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
            {problem === 'address' && (
              <p className={css.fieldProblem} role="alert" data-testid="order-address-problem">
                {t('commerce.addressRequired')}
              </p>
            )}
            <button type="button" className={button({ tone: 'ghost' })} data-testid="order-add-address" onClick={() => detourTo('/mine/address/add')}>
              {t('order.addAddress')}
            </button>
          </section>
        )}
        {existing.length > 0 ? (
          <ExistingOrders key={existing.join(',')} ids={existing} onTotal={setTotal} />
        ) : items.length > 0 ? (
          <Quote key={`${itemsKey}|${chosenAddress ?? ''}`} items={items} addressId={chosenAddress} onTotal={setTotal} />
        ) : (
          <p className={muted}>{t('cart.selectAtLeastOne')}</p>
        )}
        <section className={`${card} ${css.section}`} aria-labelledby="order-method">
          <h2 id="order-method" className={css.heading}>
            {t('order.method')}
          </h2>
          {paymentMethods.map((m) => {
            const b = balances[m];
            return (
              <label key={m} className={css.option}>
                <Radio name={`${group}-method`} checked={method === m} onChange={() => setMethod(m)} data-testid={`pay-method-${m}`} />
                <span className={css.methodText}>
                  <span>{t(`order.methods.${m}`)}</span>
                  <span className={b.payable || m === 'coin' ? muted : css.short} data-testid={`pay-method-balance-${m}`}>
                    {m === 'coin'
                      ? t('buy.checkout.inPiBrowser')
                      : m === 'wallet' && b.known && b.held === null
                        ? t('buy.checkout.notMerged')
                        : b.held === null
                          ? '…'
                          : b.payable
                            ? t('buy.checkout.available', { amount: moneyText(b.held) })
                            : t('buy.checkout.notEnough', { amount: moneyText(b.held) })}
                  </span>
                </span>
              </label>
            );
          })}
          {problem === 'method' && (
            <p className={css.fieldProblem} role="alert" data-testid="order-method-problem">
              {t('commerce.paymentMethodRequired')}
            </p>
          )}
        </section>
        {unpaid && (
          <p className={css.unpaidNote} role="status" data-testid="order-unpaid-kept">
            {t('order.unpaidKept')}
          </p>
        )}
        {busy && (
          <div className={css.waiting} role="status" data-testid="payment-waiting">
            <div className={skeleton} style={{ width: 48, height: 48, borderRadius: '50%' }} />
            <p className={muted}>{t('order.waiting')}</p>
          </div>
        )}
      </div>
      <div className={css.footer}>
        <span className={css.footerTotal}>
          <span className={muted}>{t('buy.checkout.totalPayment')}</span>
          <strong className={css.total} data-testid="order-total">
            {total === null ? '…' : <Money amount={total} />}
          </strong>
        </span>
        <button type="button" className={button()} disabled={busy || (existing.length === 0 && items.length === 0)} onClick={submit} data-testid="submit-order">
          {existing.length > 0 ? t('buy.checkout.payNow') : t('buy.checkout.placeOrder')}
        </button>
      </div>
      {(pay.matches('balance') || pay.matches('wallet')) && (
        <OrdersAmount key={orderIds} ids={pay.context.orderIds}>
          {(amount) =>
            pay.matches('balance') ? (
              <PayReviewSheet
                open
                amount={amount}
                busy={pay.matches({ balance: 'paying' })}
                failure={pay.context.failure}
                onConfirm={(reviewed) => payment.send({ type: 'CONFIRM', amount: reviewed })}
                onClose={() => payment.send({ type: 'CLOSE_SHEET' })}
              />
            ) : (
              <WalletPaySheet
                open
                amount={amount}
                busy={pay.matches({ wallet: 'paying' })}
                problem={pay.context.failure}
                onPay={(password, reviewed) => payment.send({ type: 'PASSWORD', password, amount: reviewed })}
                onClose={() => payment.send({ type: 'CLOSE_SHEET' })}
              />
            )
          }
        </OrdersAmount>
      )}
    </>
  );
}
