import { Checkbox } from '../../src/app/FormControls';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { lineStock, selectedItems, type CartContext } from '../../machines/cart.machine';
import { orderAmounts } from '../../src/domain/checkout';
import { formatMoney, parseMoney } from '../../src/domain/money';
import { useCart } from '../../src/app/cart';
import { ConfirmDialog } from '../../src/app/ConfirmDialog';
import { go } from '../../src/app/navigation';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { showToast } from '../../src/app/toasts';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen, skeleton, ownDirection } from '../../src/theme/ui.css';
import * as css from './cart.css';
import EmptyState from '../../src/app/EmptyState';
import { Money } from '../../src/app/Money';

/**
 * /product/cart: lines by seller, quantities within stock, an edit mode to select and remove, checkout of the
 * selected lines. Each showing saves the cart again, so its lines carry the stock of now (issue 33, finding
 * 15): a line that sold out says so, one above its stock says how many are left and takes that many on a
 * tap; neither goes to the checkout until it can be bought.
 */
export default function CartScreen() {
  const t = useT();
  const cart = useCart();
  // Shown (and shown again: React's Activity runs the effect on each showing): the lines' stock of now.
  useEffect(() => {
    if (cart.getSnapshot().matches('ready')) cart.send({ type: 'SYNC' });
  }, [cart]);
  const ctx = useSelector(cart, (s) => s.context) as CartContext;
  const loading = useSelector(cart, (s) => s.matches('saving') && Object.keys(s.context.details).length === 0 && s.context.items.length > 0);
  const sellers = new Map<string, { name: string; skus: string[] }>();
  for (const item of ctx.items) {
    const d = ctx.details[item.skuId];
    const key = d?.sellerId ?? '?';
    const entry = sellers.get(key) ?? { name: d?.sellerName ?? '', skus: [] };
    entry.skus.push(item.skuId);
    sellers.set(key, entry);
  }
  const chosen = selectedItems(ctx);
  // The selected lines' total, as the checkout will compute it (goods and each line's shipping; the server decides at checkout).
  const selectedTotal = formatMoney(
    orderAmounts(
      chosen.flatMap((i) => {
        const d = ctx.details[i.skuId];
        return d ? [{ unitPrice: parseMoney(d.price), quantity: i.quantity, shippingFee: parseMoney(d.shippingFee) }] : [];
      }),
    ).total,
  );
  const allSelected = ctx.items.length > 0 && ctx.items.every((i) => i.selected);

  return (
    <>
      <ScreenHeader title={t('cart.title')} />
      <div className={screen}>
        {ctx.items.length > 0 && (
          <div className={css.headerBar}>
            <button type="button" className={button({ tone: 'ghost' })} data-testid="cart-edit" onClick={() => cart.send({ type: ctx.editing ? 'DONE' : 'EDIT' })}>
              {ctx.editing ? t('cart.done') : t('cart.edit')}
            </button>
          </div>
        )}
        {loading && <div className={skeleton} style={{ height: 96 }} aria-busy="true" />}
        {ctx.items.length === 0 && (
          <div className={card}>
            <EmptyState icon="cart" text={t('cart.empty')} testId="cart-empty" action={{ label: t('cart.goShopping'), onClick: () => go('/index'), testId: 'empty-action' }} />
          </div>
        )}
        {[...sellers.entries()].map(([sellerId, group]) => (
          <section key={sellerId} className={`${card} ${css.group}`} aria-label={group.name}>
            <p className={css.seller}>{group.name || t('cart.seller')}</p>
            {group.skus.map((skuId) => {
              const item = ctx.items.find((i) => i.skuId === skuId);
              const d = ctx.details[skuId];
              if (!item) return null;
              const stock = d?.stock ?? 0;
              const state = lineStock(ctx, item);
              const out = state.kind === 'soldOut' || state.kind === 'unavailable';
              return (
                <div key={skuId} className={`${css.line} ${out ? css.lineOut : ''}`} data-testid={`cart-line-${skuId}`} data-stock={state.kind}>
                  <Checkbox
                    checked={item.selected}
                    aria-label={t('cart.select', { title: d?.title ?? '' })}
                    data-testid={`cart-select-${skuId}`}
                    onChange={() => cart.send({ type: 'TOGGLE', skuId })}
                  />
                  {d?.image ? <img className={css.thumb} src={d.image} alt="" width={56} height={56} /> : <span className={css.thumb} aria-hidden="true" />}
                  <div className={css.info}>
                    <p className={`${css.name} ${ownDirection}`} dir="auto">
                      {d?.title ?? '…'}
                    </p>
                    <span className={muted}>{d ? `${d.specification} · ${d.colour}` : ''}</span>
                    {state.kind === 'unavailable' || state.kind === 'soldOut' ? (
                      <span className={css.stockNote} data-testid={`cart-stock-${skuId}`}>
                        {t(state.kind === 'soldOut' ? 'cart.soldOut' : 'cart.unavailable')}
                      </span>
                    ) : state.kind === 'onlyLeft' ? (
                      <span className={css.stockRow}>
                        <span className={css.stockNote} data-testid={`cart-stock-${skuId}`}>
                          {t('cart.onlyLeft', { n: String(state.left) })}
                        </span>
                        <button type="button" className={css.takeLeft} data-testid={`cart-take-left-${skuId}`} onClick={() => cart.send({ type: 'SET_QUANTITY', skuId, quantity: state.left })}>
                          {t('cart.takeLeft', { n: String(state.left) })}
                        </button>
                      </span>
                    ) : null}
                    <div className={css.row}>
                      {d ? <Money amount={d.price} strong /> : <strong />}
                      {out ? null : (
                        <span className={css.stepper}>
                          <button type="button" className={css.stepButton} aria-label={t('cart.less')} disabled={item.quantity <= 1} onClick={() => cart.send({ type: 'SET_QUANTITY', skuId, quantity: item.quantity - 1 })}>
                            −
                          </button>
                          <span data-testid={`cart-qty-${skuId}`} aria-live="polite">
                            {item.quantity}
                          </span>
                          <button type="button" className={css.stepButton} aria-label={t('cart.more')} disabled={stock > 0 && item.quantity >= stock} onClick={() => cart.send({ type: 'SET_QUANTITY', skuId, quantity: item.quantity + 1 })}>
                            +
                          </button>
                        </span>
                      )}
                    </div>
                  </div>
                </div>
              );
            })}
          </section>
        ))}
      </div>
      {ctx.items.length > 0 && (
        <div className={css.footer}>
          <label className={css.row}>
            <Checkbox checked={allSelected} onChange={() => cart.send({ type: 'TOGGLE_ALL' })} data-testid="cart-select-all" />
            <span>{t('cart.selectAll')}</span>
          </label>
          {ctx.editing ? (
            <ConfirmDialog
              trigger={
                <button type="button" className={button({ tone: 'danger' })} disabled={ctx.items.every((i) => !i.selected)} data-testid="cart-remove">
                  {t('cart.remove')}
                </button>
              }
              title={t('cart.removeTitle')}
              body={t('cart.removeBody')}
              confirmLabel={t('cart.remove')}
              tone="danger"
              onConfirm={() => cart.send({ type: 'REMOVE_SELECTED' })}
            />
          ) : (
            <span className={css.checkoutSide}>
            <span className={css.totalLine}>
              <span className={muted}>{t('buy.cart.total')}</span>{' '}
              <Money amount={selectedTotal} strong testId="cart-total" />
            </span>
            <button
              type="button"
              className={button({ tone: 'primary' })}
              data-testid="cart-checkout"
              onClick={() => {
                if (chosen.length === 0) showToast(t('cart.selectAtLeastOne'), 'error');
                else go('/product/submit-order');
              }}
            >
              {t('cart.checkout', { count: chosen.length })}
            </button>
            </span>
          )}
        </div>
      )}
    </>
  );
}
