import { Time } from '../../src/app/Isolate';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { orderDetail } from '../../src/api/orders';
import { go, useScreenQuery } from '../../src/app/navigation';
import { OrderStepFrame, useAfterPages, type OrderStepFrameProps } from '../../src/app/orders/OrderParts';
import { expressLabelKey } from '../../src/app/orders/SellerOrderLogic';
import * as shell from '../../src/app/shell.css';
import { useResource } from '../../src/app/useResource';
import { useSubmit } from '../../src/app/useSubmit';
import { OrderTextLimits } from '../../src/domain/orderRules';
import { orderStatusLabelKey } from '../../src/domain/orderStatus';
import type { OrderView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { button, muted, skeleton, title as titleStyle } from '../../src/theme/ui.css';
import * as css from './sellerOrders.css';
import * as ordersCss from '../../src/app/orders/orders.css';
import { Icon } from '../../src/app/Icon';
import { Deadline } from '../../src/app/Deadline';
import { moneyText } from '../../src/app/moneyText';
import EmptyState from '../../src/app/EmptyState';

/** Shared pieces of the seller's order screens (screens/seller only). */


/** Orders that closed without a sale: the seller earns nothing from them. */
export const closedWithoutSale = (status: string) => status === 'canceled' || status === 'expired' || status === 'refunded';

const sellerWindows = new Set(['unpaidWindow', 'sellerConfirmWindow', 'refundResponseWindow', 'buyerCheckWindow', 'ratingWindow']);

/** The running window of an order, said to the seller ("Confirm by …, or …"), in the viewer's locale. */
export function DeadlineLine({ deadline }: { deadline: OrderView['deadline'] }) {
  const t = useT();
  if (!deadline) return null;
  const key = sellerWindows.has(deadline.name) ? `sellerOrders.windows.${deadline.name}` : `orders.windows.${deadline.name}`;
  // Calm until close (issue 37, finding 3): it was bold red a day ahead, and cut in Arabic.
  return <Deadline at={deadline.at} sentence={(at) => t(key, { at })} testId="seller-deadline" window={deadline.name} />;
}

/** The express company as shown: brand names as they are, "Other" translated. */
export function useExpressLabel(): (company: string) => string {
  const t = useT();
  return (company) => {
    const key = expressLabelKey(company);
    return key ? t(key) : company;
  };
}

/** One order of a seller's list: buyer, status, total and income, unread dot; the top opens the detail. */
export function SellerOrderCard({ order, actions, lead }: { order: OrderView; actions?: ReactNode; lead?: ReactNode }) {
  const t = useT();
  const first = order.items[0];
  const more = order.items.length - 1;
  return (
    <article className={css.card} data-testid={`seller-order-${order.id}`} data-status={order.status} data-stage={order.stage}>
      <button type="button" className={css.cardMain} onClick={() => go(`/mine/seller/order-detail?id=${order.id}`)} data-testid={`seller-order-open-${order.id}`}>
        {order.image ? <img className={css.thumb} src={order.image} alt="" width={56} height={56} loading="lazy" /> : <span className={css.thumb} aria-hidden="true" />}
        <span className={css.cardBody}>
          <span className={ordersCss.row}>
            <span className={css.cardNo}>
              {order.unread ? <span className={css.dot} role="img" aria-label={t('sellerOrders.card.unread')} data-testid="seller-order-unread" /> : null}
              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{t('sellerOrders.card.number', { no: order.orderNo })}</span>
            </span>
            <span className={css.status} data-testid="seller-order-status">
              {t(orderStatusLabelKey(order.status))}
            </span>
          </span>
          <span className={css.cardTitle}>
            {first ? first.title : ''}
            {more > 0 ? ` ${t('sellerOrders.card.more', { count: more })}` : ''}
          </span>
          <span className={css.small}>{t('sellerOrders.card.buyer', { name: order.buyerName })}</span>
          <span className={ordersCss.row}>
            <span>{t('sellerOrders.card.total', { amount: moneyText(order.totalAmount) })}</span>
            {closedWithoutSale(order.status) ? null : <span className={css.strong}>{t('sellerOrders.card.income', { amount: moneyText(order.sellerIncome) })}</span>}
          </span>
          <DeadlineLine deadline={order.deadline} />
        </span>
      </button>
      {actions || lead ? (
        <div className={css.cardActions}>
          {lead}
          {actions}
        </div>
      ) : null}
    </article>
  );
}

export function OrderSkeletons({ count = 3 }: { count?: number }) {
  return (
    <div className={ordersCss.stack} aria-busy="true" data-testid="seller-orders-loading">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={skeleton} style={{ height: 132 }} />
      ))}
    </div>
  );
}

export function EmptyOrders({ text, testId = 'seller-orders-empty' }: { text: string; testId?: string }) {
  const t = useT();
  return (
    <EmptyState icon="box" text={text} testId={testId} action={{ label: t('tabs.publish'), onClick: () => go('/publish') }} />
  );
}

/**
 * A paged list of the seller's orders: skeletons, empty state, the cards, then more pages as the end
 * scrolls into view (or with the Load more button). It reloads each time its kept-alive screen shows.
 */
export function SellerOrderPagedList({
  load,
  emptyText,
  render,
  onItems,
}: {
  load: (after: string | undefined) => Promise<OrderView[]>;
  emptyText: string;
  render?: (order: OrderView, reload: () => void) => { actions?: ReactNode; lead?: ReactNode };
  onItems?: (orders: OrderView[]) => void;
}) {
  const t = useT();
  const pager = useAfterPages(load);
  useEffect(() => onItems?.(pager.items), [pager.items]);
  const loadingFirst = pager.state === 'loading' && pager.items.length === 0;
  return (
    <div className={ordersCss.stack}>
      {loadingFirst ? <OrderSkeletons /> : null}
      {pager.state === 'end' && pager.items.length === 0 ? <EmptyOrders text={emptyText} /> : null}
      {pager.items.map((order) => {
        const extra = render?.(order, pager.reload) ?? {};
        return <SellerOrderCard key={`${order.id}-${order.stage}`} order={order} actions={extra.actions} lead={extra.lead} />;
      })}
      {pager.state === 'loading' && pager.items.length > 0 ? <div className={skeleton} style={{ height: 48 }} aria-busy="true" /> : null}
      {pager.state === 'more' ? (
        <button type="button" className={button({ tone: 'ghost', block: true })} onClick={pager.loadMore} data-testid="seller-orders-more">
          {t('sellerOrders.loadMore')}
        </button>
      ) : null}
      {pager.state === 'failed' ? (
        <button type="button" className={button({ tone: 'secondary', block: true })} onClick={pager.retry} data-testid="seller-orders-retry">
          {t('sellerOrders.retry')}
        </button>
      ) : null}
      {pager.state === 'end' && pager.items.length > 0 ? <p className={`${muted} ${css.small}`} style={{ textAlign: 'center' }}>{t('sellerOrders.noMore')}</p> : null}
      <div ref={pager.sentinel} />
    </div>
  );
}

/**
 * A refusal that needs a reason (reject a refund, reject an after-sale): a Radix dialog with a required
 * text; the reason is checked before anything is sent, and the dialog closes once the server agreed.
 */
export function ReasonDialog(props: {
  trigger: ReactNode;
  title: string;
  body: string;
  label: string;
  confirmLabel: string;
  testId: string;
  send: (reason: string) => Promise<unknown>;
  onDone: () => void;
}) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const submit = useSubmit(
    (values: { reason: string }) => props.send(values.reason.trim()),
    (values) => (values.reason.trim() ? null : 'orders.rules.reasonRequired'),
    () => {
      setOpen(false);
      setReason('');
      props.onDone();
    },
  );
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{props.trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={shell.overlay} />
        <Dialog.Content className={shell.dialog} data-testid={`${props.testId}-dialog`}>
          <Dialog.Title className={titleStyle}>{props.title}</Dialog.Title>
          <Dialog.Description className={muted}>{props.body}</Dialog.Description>
          <form
            className={css.form}
            onSubmit={(e) => {
              e.preventDefault();
              submit.submit({ reason });
            }}
          >
            <div className={css.field}>
              <label htmlFor={`${id}-reason`} className={css.label}>
                {props.label}
              </label>
              <textarea
                id={`${id}-reason`}
                className={css.textarea}
                value={reason}
                maxLength={OrderTextLimits.reason}
                required
                aria-invalid={submit.problem !== null}
                aria-describedby={submit.problem ? `${id}-problem` : undefined}
                onChange={(e) => setReason(e.target.value)}
                data-testid={`${props.testId}-reason`}
              />
              {submit.problem ? (
                <p id={`${id}-problem`} className={css.problem} role="alert">
                  {t(submit.problem)}
                </p>
              ) : null}
            </div>
            <div className={shell.dialogActions}>
              <Dialog.Close asChild>
                <button type="button" className={button({ tone: 'secondary' })}>
                  {t('app.cancel')}
                </button>
              </Dialog.Close>
              <button type="submit" className={button({ tone: 'danger' })} disabled={submit.submitting} data-testid={`${props.testId}-submit`}>
                {props.confirmLabel}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The order named by `?id=` (a step screen reads it once). */
export function useSellerOrder() {
  const id = useScreenQuery().get('id') ?? '';
  return { id, ...useResource(() => orderDetail(id)) };
}

/**
 * The frame of a seller's step on orders: a skeleton while loading, a retry (`${testId}-retry`), the
 * reason the step is not possible now (`${testId}-not-allowed`), or the screen's content.
 */
export function SellerStepFrame<T>({
  testId,
  skeletonHeight,
  notAllowed,
  ...frame
}: Pick<OrderStepFrameProps<T>, 'title' | 'backTo' | 'allowed' | 'instead' | 'children'> & {
  loaded: OrderStepFrameProps<T>['loaded'] & { retry: () => void };
  testId: string;
  skeletonHeight: number;
  notAllowed?: (data: T) => string;
}) {
  const t = useT();
  return (
    <OrderStepFrame
      {...frame}
      loading={<div className={skeleton} style={{ height: skeletonHeight }} aria-busy="true" />}
      failed={
        <button type="button" className={button({ tone: 'secondary', block: true })} onClick={frame.loaded.retry} data-testid={`${testId}-retry`}>
          {t('sellerOrders.retry')}
        </button>
      }
      notPossible={(data) => (
        <p className={muted} role="status" data-testid={`${testId}-not-allowed`}>
          {notAllowed?.(data)}
        </p>
      )}
    />
  );
}

/** An order's moment, kept whole in either direction (src/app/Isolate.tsx). */
export function When({ iso }: { iso: string }) {
  return <Time iso={iso} />;
}
