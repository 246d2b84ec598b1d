import { Fragment } from 'react';
import { personContext } from '../../api/console';
import { afterSaleStatusLabelKey } from '../../domain/afterSaleStatus';
import { shortDate } from '../../domain/dates';
import { orderStatusLabelKey } from '../../domain/orderStatus';
import { roleLabelKey } from '../../domain/roleLabels';
import type { PersonContext } from '../../domain/types/console';
import { withdrawalStatusLabelKey } from '../../domain/withdrawal';
import { useLanguage, useT } from '../../i18n/react';
import { skeleton } from '../../theme/ui.css';
import { Figures, type Figure } from '../DecisionSheet';
import { useResource } from '../useResource';
import * as css from './person.css';
import { moneyText } from '../moneyText';

/**
 * What staff see about a person beside their work (issue 24, findings 15 to 17), from one endpoint
 * (/api/console/users/context): `withdrawal` beside a withdrawal to review (account age, orders, earlier
 * withdrawals, disputes); `seller` beside a product to review (the shop, account age, the products it
 * published and how their reviews ended, open disputes); `customer` in the customer-service desk (the
 * account, then the latest orders and after-sale cases with their products named, and withdrawals).
 */
export function PersonPanel({ userId, view, testId }: { userId: string; view: 'withdrawal' | 'seller' | 'customer'; testId?: string }) {
  const t = useT();
  const language = useLanguage();
  const { data, state } = useResource(() => personContext(userId));
  if (!data) return <div className={skeleton} style={{ height: 160 }} aria-busy={state === 'loading'} />;
  const title = t('personContext.title', { name: data.nickname || data.username });
  return (
    <aside className={css.panel} aria-label={title} data-testid={testId}>
      <div className={css.head}>
        <h2 className={css.name}>{title}</h2>
        {data.frozen ? <span className={css.frozenTag}>{t('desk.person.frozen')}</span> : null}
      </div>
      <span className={css.line} data-testid="person-roles">
        <bdi dir="ltr">@{data.username}</bdi> · {data.roles.map((r) => t(roleLabelKey(r))).join(' · ')}
      </span>
      <Figures lines={figures(data, view, t, language)} />
      {view === 'customer' ? <Recent data={data} /> : null}
    </aside>
  );
}

type T = ReturnType<typeof useT>;

function figures(data: PersonContext, view: 'withdrawal' | 'seller' | 'customer', t: T, language: string): Figure[] {
  const days = Math.max(0, Math.floor((Date.now() - new Date(data.memberSince).getTime()) / 86_400_000));
  const since: Figure = { label: t('personContext.memberSince'), value: `${new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(data.memberSince))} · ${t('personContext.days', { count: days })}`, testId: 'person-since' };
  const orders: Figure = { label: t('personContext.orders'), value: t('personContext.ordersValue', { bought: data.ordersBought, sold: data.ordersSold }), testId: 'person-orders' };
  const withdrawals: Figure = { label: t('personContext.withdrawals'), value: t('personContext.withdrawalsValue', { succeeded: data.withdrawalsSucceeded, failed: data.withdrawalsFailed, amount: moneyText(data.withdrawn) }), testId: 'person-withdrawals' };
  const disputes: Figure = { label: t('personContext.disputes'), value: t('personContext.disputesValue', { buyer: data.disputesAsBuyer, seller: data.disputesAsSeller }), testId: 'person-disputes' };
  const open: Figure = { label: t('desk.person.openDisputes'), value: String(data.openDisputes), testId: 'person-open-disputes' };
  const shop: Figure = { label: t('desk.person.shop'), value: data.shopName ?? t('desk.person.noShop'), testId: 'person-shop' };
  const products: Figure = { label: t('desk.person.products'), value: t('desk.person.productsValue', data.products), testId: 'person-products' };
  if (view === 'withdrawal') return [since, orders, withdrawals, disputes];
  if (view === 'seller') return [shop, since, products, open, orders];
  return [since, ...(data.shopName ? [shop] : []), orders, open, withdrawals];
}

/** A line of facts separated by dots, each isolated so an amount or a date keeps its order right to left. */
function Parts({ parts }: { parts: string[] }) {
  return (
    <span className={css.line}>
      {parts.map((p, i) => (
        <Fragment key={i}>
          {i > 0 ? ' · ' : null}
          <bdi>{p}</bdi>
        </Fragment>
      ))}
    </span>
  );
}

/** The latest orders, after-sale cases and withdrawals, each named by its product. */
function Recent({ data }: { data: PersonContext }) {
  const t = useT();
  const language = useLanguage();
  return (
    <>
      <section className={css.section} aria-labelledby={`person-orders-${data.userId}`} data-testid="person-recent-orders">
        <h3 id={`person-orders-${data.userId}`} className={css.sectionTitle}>
          {t('desk.person.recentOrders')}
        </h3>
        {data.recentOrders.length === 0 ? <span className={css.line}>{t('desk.person.none')}</span> : null}
        <ul className={css.list}>
          {data.recentOrders.map((o) => (
            <li key={o.id} className={css.item}>
              <span className={css.product}>
                {o.product}
                {o.more > 0 ? ` ${t('desk.person.more', { count: o.more })}` : ''}
              </span>
              <Parts parts={[t(o.side === 'bought' ? 'desk.person.bought' : 'desk.person.sold'), t(orderStatusLabelKey(o.status)), moneyText(o.total), shortDate(o.createdAt, language)]} />
              <span className={css.line} dir="ltr">
                {o.orderNo}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section className={css.section} aria-labelledby={`person-cases-${data.userId}`} data-testid="person-recent-cases">
        <h3 id={`person-cases-${data.userId}`} className={css.sectionTitle}>
          {t('desk.person.recentCases')}
        </h3>
        {data.recentCases.length === 0 ? <span className={css.line}>{t('desk.person.none')}</span> : null}
        <ul className={css.list}>
          {data.recentCases.map((c) => (
            <li key={c.id} className={css.item}>
              <span className={css.product}>{c.product}</span>
              <Parts parts={[t(c.side === 'buyer' ? 'desk.person.asBuyer' : 'desk.person.asSeller'), t(afterSaleStatusLabelKey(c.status)), moneyText(c.amount), shortDate(c.createdAt, language)]} />
            </li>
          ))}
        </ul>
      </section>
      <section className={css.section} aria-labelledby={`person-withdrawals-${data.userId}`} data-testid="person-recent-withdrawals">
        <h3 id={`person-withdrawals-${data.userId}`} className={css.sectionTitle}>
          {t('desk.person.recentWithdrawals')}
        </h3>
        {data.recentWithdrawals.length === 0 ? <span className={css.line}>{t('desk.person.none')}</span> : null}
        <ul className={css.list}>
          {data.recentWithdrawals.map((w) => (
            <li key={w.id} className={css.item}>
              <Parts parts={[moneyText(w.amount), t(withdrawalStatusLabelKey(w.status)), shortDate(w.createdAt, language)]} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
