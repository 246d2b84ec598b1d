import { go } from '../../src/app/navigation';
import { isOutgoing, signedCoin, useDateTime } from '../../src/app/orders/BuyerFormat';
import type { BalanceMovementView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { muted } from '../../src/theme/ui.css';
import * as css from './balance.css';
import { Icon } from '../../src/app/Icon';

/** One movement: what it was, when, its order, and the signed amount; with an order it opens that order's money. */
export function MovementRow({ movement, linkToOrder = true }: { movement: BalanceMovementView; linkToOrder?: boolean }) {
  const t = useT();
  const when = useDateTime();
  // The ledger kinds of the orders (balance.kinds) and of the pending income (afterSale.ledgerKinds, issue 12).
  const kindKey = [`balance.kinds.${movement.kind}`, `afterSale.ledgerKinds.${movement.kind}`].find((key) => t(key) !== key);
  const kindLabel = kindKey ? t(kindKey) : movement.kind;
  const content = (
    <>
      <span className={css.grow}>
        <strong>{kindLabel}</strong>
        <small className={muted}>
          <time dateTime={movement.createdAt}>{when(movement.createdAt)}</time>
        </small>
        {movement.order && <small className={muted}>{t('balance.orderNo', { no: movement.order.orderNo })}</small>}
        {movement.pending && <small className={muted} data-testid={`balance-pending-${movement.id}`}>{t('afterSale.seller.pendingIncome')}</small>}
      </span>
      <span className={isOutgoing(movement.amount) ? css.amountOut : css.amountIn} data-testid={`balance-amount-${movement.id}`}>
        {signedCoin(movement.amount)}
      </span>
      {movement.order && linkToOrder && <Icon name="forward" size={18} />}
    </>
  );
  const order = movement.order;
  if (!order || !linkToOrder) {
    return (
      <div className={css.movement} role="listitem" data-testid={`balance-row-${movement.id}`} data-kind={movement.kind}>
        {content}
      </div>
    );
  }
  return (
    <div role="listitem">
      <button type="button" className={`${css.movement} ${css.tappable}`} onClick={() => go(`/mine/user/balancedetailsorder?id=${order.id}`)} data-testid={`balance-row-${movement.id}`} data-kind={movement.kind} data-order={order.id}>
        {content}
      </button>
    </div>
  );
}
