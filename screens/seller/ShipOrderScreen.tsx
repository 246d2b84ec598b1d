import { useId, useMemo, useState } from 'react';
import { orderAct, orderDetail, shipOrders } from '../../src/api/orders';
import { useScreenQuery } from '../../src/app/navigation';
import { orderCan } from '../../src/app/orders/orderCan';
import { OrderStepForm } from '../../src/app/orders/OrderParts';
import {
  applyCompanyToAll,
  emptyShipDraft,
  shipLinesOf,
  shipTargets,
  toShipLines,
  type ShipDraft,
} from '../../src/app/orders/SellerOrderLogic';
import { showToast } from '../../src/app/toasts';
import { useResource } from '../../src/app/useResource';
import { useSubmit } from '../../src/app/useSubmit';
import { expressCompanies, isExpressCompany } from '../../src/domain/orderRules';
import { shipIssue } from '../../src/domain/schemas/orders';
import type { OrderView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { button, card, muted } from '../../src/theme/ui.css';
import { EmptyOrders, SellerStepFrame, useExpressLabel } from './SellerOrderParts';
import * as css from './sellerOrders.css';
import * as ordersCss from '../../src/app/orders/orders.css';
import { useBackFromHere } from '../../src/app/backFromHere';

function CompanySelect({ id, value, onChange, testId, invalid }: { id: string; value: string; onChange: (company: string) => void; testId: string; invalid?: boolean }) {
  const t = useT();
  const label = useExpressLabel();
  return (
    <select id={id} className={ordersCss.input} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={invalid} data-testid={testId}>
      <option value="">{t('sellerOrders.ship.chooseCompany')}</option>
      {expressCompanies.map((company) => (
        <option key={company} value={company}>
          {label(company)}
        </option>
      ))}
    </select>
  );
}

function ShipForm({ orders, edit }: { orders: OrderView[]; edit: boolean }) {
  const leave = useBackFromHere('/mine/seller/shipping-order-list?tab=shipped');
  const t = useT();
  const id = useId();
  const expressLabel = useExpressLabel();
  const shippable = orders.filter((o) => orderCan(o).has(edit ? 'EDIT_TRACKING' : 'SHIP'));
  const blocked = orders.filter((o) => !shippable.includes(o));
  const ids = shippable.map((o) => o.id);
  const current = edit ? (shippable[0]?.shipment ?? null) : null;
  const [drafts, setDrafts] = useState<Record<string, ShipDraft>>(() =>
    Object.fromEntries(ids.map((orderId) => [orderId, current ? { company: current.company, number: current.number } : emptyShipDraft])),
  );
  const [allCompany, setAllCompany] = useState('');
  const [tried, setTried] = useState(false);
  const lines = shipLinesOf(ids, drafts);
  const send = useSubmit(
    async (values: typeof lines) => {
      const items = toShipLines(values);
      const first = items[0];
      if (edit && first) return [await orderAct(first.id, { type: 'EDIT_TRACKING', company: first.company, number: first.number })];
      return shipOrders(items);
    },
    (values) => shipIssue(values, current ? { company: current.company, number: current.number } : null),
    (done) => {
      showToast(edit ? t('sellerOrders.ship.edited') : t('sellerOrders.ship.shipped', { count: done.length }), 'success');
      leave();
    },
  );
  const setLine = (orderId: string, patch: Partial<ShipDraft>) => setDrafts((all) => ({ ...all, [orderId]: { ...(all[orderId] ?? emptyShipDraft), ...patch } }));
  const lineProblem = (line: { company: string; number: string }) => tried && shipIssue([line]) !== null;
  return (
    <OrderStepForm
      className={css.form}
      testId="seller-ship-form"
      onSubmit={() => {
        setTried(true);
        send.submit(lines);
      }}
      problem={send.problem}
      problemClassName={css.problem}
      problemTestId="seller-ship-problem"
      submitLabel={edit ? t('sellerOrders.ship.saveTracking') : t('sellerOrders.ship.submit', { count: shippable.length })}
      submitTestId="seller-ship-submit"
      submitDisabled={send.submitting || shippable.length === 0}
    >
      {blocked.length > 0 ? (
        <p className={css.problem} role="status" data-testid="seller-ship-blocked">
          {t('sellerOrders.ship.blocked', { numbers: blocked.map((o) => o.orderNo).join(', ') })}
        </p>
      ) : null}
      {edit && current ? (
        <p className={muted} data-testid="seller-ship-current">
          {t('sellerOrders.ship.current', { company: expressLabel(current.company), number: current.number })}
        </p>
      ) : null}
      {shippable.length > 1 ? (
        <section className={`${card} ${ordersCss.section}`} aria-labelledby={`${id}-all`}>
          <label id={`${id}-all`} htmlFor={`${id}-all-company`} className={css.label}>
            {t('sellerOrders.ship.sameForAll')}
          </label>
          <div className={ordersCss.row}>
            <CompanySelect id={`${id}-all-company`} value={allCompany} onChange={setAllCompany} testId="seller-ship-all-company" />
            <button
              type="button"
              className={button({ tone: 'secondary' })}
              disabled={!allCompany}
              onClick={() => setDrafts((all) => applyCompanyToAll(all, allCompany))}
              data-testid="seller-ship-apply-all"
            >
              {t('sellerOrders.ship.applyAll')}
            </button>
          </div>
        </section>
      ) : null}
      {shippable.map((order) => {
        const draft = drafts[order.id] ?? emptyShipDraft;
        const line = { company: draft.company, number: draft.number.trim() };
        const bad = lineProblem(line);
        return (
          <section key={order.id} className={`${card} ${ordersCss.section}`} aria-label={t('sellerOrders.card.number', { no: order.orderNo })} data-testid={`seller-ship-line-${order.id}`}>
            <div className={ordersCss.row}>
              <strong>{t('sellerOrders.card.number', { no: order.orderNo })}</strong>
              <span className={css.small}>{t('sellerOrders.card.buyer', { name: order.buyerName })}</span>
            </div>
            <span className={css.small}>
              {order.items.map((item) => `${item.title} × ${item.quantity}`).join(' · ')}
            </span>
            <span className={css.small}>
              {order.delivery.name} · {order.delivery.region} {order.delivery.detail}
            </span>
            <div className={css.field}>
              <label htmlFor={`${id}-company-${order.id}`} className={css.label}>
                {t('sellerOrders.ship.company')}
              </label>
              <CompanySelect
                id={`${id}-company-${order.id}`}
                value={draft.company}
                onChange={(company) => setLine(order.id, { company })}
                invalid={bad && !isExpressCompany(draft.company)}
                testId={`seller-ship-company-${order.id}`}
              />
            </div>
            <div className={css.field}>
              <label htmlFor={`${id}-number-${order.id}`} className={css.label}>
                {t('sellerOrders.ship.number')}
              </label>
              <input
                id={`${id}-number-${order.id}`}
                className={ordersCss.input}
                value={draft.number}
                maxLength={40}
                autoComplete="off"
                inputMode="text"
                aria-invalid={bad}
                onChange={(e) => setLine(order.id, { number: e.target.value })}
                data-testid={`seller-ship-number-${order.id}`}
              />
              <p className={css.small}>{t('sellerOrders.ship.numberHint')}</p>
            </div>
          </section>
        );
      })}
    </OrderStepForm>
  );
}

/**
 * /mine/seller/ship-order: ship one or several orders (`?ids=1,2`), each with an express company and
 * number, all or none; or edit one order's tracking (`?id=3&edit=1`), which must change something.
 */
export default function ShipOrderScreen() {
  const t = useT();
  const query = useScreenQuery();
  const { ids, edit } = useMemo(() => shipTargets(query), [query]);
  const orders = useResource(() => Promise.all(ids.map((orderId) => orderDetail(orderId))));
  return (
    <SellerStepFrame
      title={edit ? t('sellerOrders.ship.editTitle') : t('sellerOrders.ship.title')}
      backTo="/mine/seller/shipping-order-list"
      loaded={orders}
      testId="seller-ship"
      skeletonHeight={220}
      instead={ids.length === 0 ? <EmptyOrders text={t('orders.rules.chooseOrders')} testId="seller-ship-none" /> : undefined}
    >
      {(list) => <ShipForm orders={list} edit={edit} />}
    </SellerStepFrame>
  );
}
