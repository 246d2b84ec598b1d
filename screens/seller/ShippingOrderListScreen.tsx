import { Checkbox } from '../../src/app/FormControls';
import { useState } from 'react';
import { orderAct, sellerOrders } from '../../src/api/orders';
import { ConfirmDialog } from '../../src/app/ConfirmDialog';
import { go, useScreenQuery } from '../../src/app/navigation';
import { OrderTabs } from '../../src/app/orders/OrderParts';
import { orderCan } from '../../src/app/orders/orderCan';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { showToast } from '../../src/app/toasts';
import { useSubmit } from '../../src/app/useSubmit';
import type { OrderView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { button, screen } from '../../src/theme/ui.css';
import { SellerOrderPagedList } from './SellerOrderParts';
import * as css from './sellerOrders.css';
import * as ordersCss from '../../src/app/orders/orders.css';

type ShippingTab = 'pendingShipment' | 'shipped';
const shippingTabs: ShippingTab[] = ['pendingShipment', 'shipped'];

function NoShipping({ order, onChanged }: { order: OrderView; onChanged: () => void }) {
  const t = useT();
  const act = useSubmit(
    () => orderAct(order.id, { type: 'MARK_NO_SHIPPING' }),
    undefined,
    () => {
      showToast(t('sellerOrders.shipping.noShippingDone'), 'success');
      onChanged();
    },
  );
  return (
    <ConfirmDialog
      trigger={
        <button type="button" className={button({ tone: 'ghost' })} disabled={act.submitting} data-testid={`seller-no-shipping-${order.id}`}>
          {t('sellerOrders.actions.noShipping')}
        </button>
      }
      title={t('sellerOrders.shipping.noShippingTitle')}
      body={t('sellerOrders.shipping.noShippingBody')}
      confirmLabel={t('sellerOrders.actions.noShipping')}
      onConfirm={() => act.submit(undefined)}
    />
  );
}

function PendingList() {
  const t = useT();
  const [chosen, setChosen] = useState<string[]>([]);
  const [shown, setShown] = useState<OrderView[]>([]);
  // Only orders still shown and still shippable count as chosen.
  const shippable = new Set(shown.filter((o) => orderCan(o).has('SHIP')).map((o) => o.id));
  const selected = chosen.filter((id) => shippable.has(id));
  const toggle = (id: string) => setChosen((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));
  const allChosen = shippable.size > 0 && selected.length === shippable.size;
  return (
    <>
      <div className={ordersCss.row}>
        <label className={css.pick}>
          <Checkbox
            checked={allChosen}
            disabled={shippable.size === 0}
            onChange={() => setChosen(allChosen ? [] : [...shippable])}
            data-testid="seller-ship-choose-all"
          />
          <span>{t('sellerOrders.shipping.chooseAll')}</span>
        </label>
        <button
          type="button"
          // Looks active only with something chosen (issue 37, finding 8); still says why when tapped empty.
          className={button({ tone: selected.length === 0 ? 'secondary' : 'primary' })}
          onClick={() => {
            if (selected.length === 0) showToast(t('orders.rules.chooseOrders'), 'error');
            else go(`/mine/seller/ship-order?ids=${selected.join(',')}`);
          }}
          aria-disabled={selected.length === 0}
          data-testid="seller-ship-selected"
        >
          {t('sellerOrders.shipping.shipSelected', { count: selected.length })}
        </button>
      </div>
      <SellerOrderPagedList
        load={(after) => sellerOrders('pendingShipment', after)}
        emptyText={t('sellerOrders.empty.pendingShipment')}
        onItems={setShown}
        render={(order, reload) => {
          const can = orderCan(order);
          return {
            lead: can.has('SHIP') ? (
              <label className={css.pick}>
                <Checkbox
                  checked={selected.includes(order.id)}
                  onChange={() => toggle(order.id)}
                  aria-label={t('sellerOrders.shipping.choose', { no: order.orderNo })}
                  data-testid={`seller-ship-choose-${order.id}`}
                />
                <span className={css.small}>{t('sellerOrders.shipping.chooseShort')}</span>
              </label>
            ) : undefined,
            actions: (
              <>
                {can.has('MARK_NO_SHIPPING') ? <NoShipping order={order} onChanged={reload} /> : null}
                {can.has('SHIP') ? (
                  <button type="button" className={button({ tone: 'primary' })} onClick={() => go(`/mine/seller/ship-order?ids=${order.id}`)} data-testid={`seller-ship-${order.id}`}>
                    {t('sellerOrders.actions.ship')}
                  </button>
                ) : null}
              </>
            ),
          };
        }}
      />
    </>
  );
}

function ShippedList() {
  const t = useT();
  return (
    <SellerOrderPagedList
      load={(after) => sellerOrders('shipped', after)}
      emptyText={t('sellerOrders.empty.shipped')}
      render={(order) => ({
        actions: orderCan(order).has('EDIT_TRACKING') ? (
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => go(`/mine/seller/ship-order?id=${order.id}&edit=1`)} data-testid={`seller-edit-tracking-${order.id}`}>
            {t('sellerOrders.actions.editTracking')}
          </button>
        ) : undefined,
      })}
    />
  );
}

/** /mine/seller/shipping-order-list: tabs pending shipment (choose several to ship, or mark as no need to ship) and shipped (edit tracking). */
export default function ShippingOrderListScreen() {
  const t = useT();
  const query = useScreenQuery();
  const [tab, setTab] = useState<ShippingTab>(query.get('tab') === 'shipped' ? 'shipped' : 'pendingShipment');
  return (
    <>
      <ScreenHeader title={t('sellerOrders.shipping.title')} backTo="/seller/order/list" />
      <div className={screen}>
        <OrderTabs
          tabs={shippingTabs}
          current={tab}
          onSelect={setTab}
          label={t('sellerOrders.shipping.title')}
          idPrefix="seller-shipping-tab-"
          testIdPrefix="seller-shipping-tab-"
          panelId="seller-shipping-panel"
          className={css.tabs}
          tabClassName={css.tab}
          panelClassName={ordersCss.stack}
          tabContent={(key) => t(`sellerOrders.tabs.${key}`)}
        >
          {tab === 'pendingShipment' ? <PendingList /> : <ShippedList />}
        </OrderTabs>
      </div>
    </>
  );
}
