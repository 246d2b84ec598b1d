import { Time } from '../../src/app/Isolate';
import { go } from '../../src/app/navigation';
import { isOutgoing } from '../../src/app/orders/BuyerFormat';
import { ledgerKindLabelKey } from '../../src/domain/ledgerKinds';
import type { BalanceMovementView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { muted } from '../../src/theme/ui.css';
import * as css from './balance.css';
import { Icon } from '../../src/app/Icon';
import { Money } from '../../src/app/Money';

/** One movement: what it was, when, its order, and the signed amount; with an order it opens that order's money. */
export function MovementRow({ movement, linkToOrder = true }: { movement: BalanceMovementView; linkToOrder?: boolean }) {
  const t = useT();
  // Every ledger kind has its words (src/domain/ledgerKinds.ts); an unknown one reads "Balance movement", never its name.
  const kindLabel = t(ledgerKindLabelKey(movement.kind));
  const content = (
    <>
      <span className={css.grow}>
        <strong>{kindLabel}</strong>
        <small className={muted}>
          <Time iso={movement.createdAt} />
        </small>
        {movement.order && <small className={muted}>{t('balance.orderNo', { no: movement.order.orderNo })}</small>}
        {movement.pending && <small className={muted} data-testid={`balance-pending-${movement.id}`}>{t('balance.pendingNote')}</small>}
      </span>
      {/* Pending income is not in the balance yet (issue 24): no green "+" under the balance, in a neutral colour. */}
      <span className={movement.pending ? css.amountPending : isOutgoing(movement.amount) ? css.amountOut : css.amountIn} data-testid={`balance-amount-${movement.id}`}>
        {movement.pending ? <Money amount={movement.amount.replace(/^-/, '')} /> : <Money amount={movement.amount} signed />}
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
