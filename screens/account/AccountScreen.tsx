import { useSelector } from '@xstate/react';
import { ConfirmDialog } from '../../src/app/ConfirmDialog';
import { useGate } from '../../src/app/gateContext';
import { LoginPanel } from '../../src/app/LoginPanel';
import { go } from '../../src/app/navigation';
import { CheckInEntries } from '../../src/app/checkin/CheckInEntries';
import { BuyerOrderShortcuts } from '../../src/app/orders/BuyerOrderShortcuts';
import { SellerCentreEntry } from '../../src/app/orders/SellerCentreEntry';
import { useT } from '../../src/i18n/react';
import { button, card, listRow, listRowIcon, listRowLabel, muted, screen } from '../../src/theme/ui.css';
import * as css from './account.css';
import { LanguageSheet } from './LanguageSheet';
import { Icon, type IconName } from '../../src/app/Icon';
import { Money } from '../../src/app/Money';

function Row({ label, icon, onClick, testId }: { label: string; icon: IconName; onClick?: () => void; testId?: string }) {
  return (
    <button type="button" className={listRow} onClick={onClick} data-testid={testId}>
      <span className={listRowLabel}>
        <Icon name={icon} size={20} className={listRowIcon} />
        {label}
      </span>
      <Icon name="forward" size={18} />
    </button>
  );
}

type GroupName = 'shopping' | 'selling' | 'money' | 'rewards' | 'service' | 'settings' | 'developer';

/** One group of the account tab: a heading and its rows (issue 24, finding 12). */
function Group({ name, children }: { name: GroupName; children: React.ReactNode }) {
  const t = useT();
  const id = `account-group-${name}`;
  return (
    <section className={css.group} aria-labelledby={id} data-testid={id}>
      <h2 id={id} className={css.groupTitle}>
        {t(`account.groups.${name}`)}
      </h2>
      <div className={css.list}>{children}</div>
    </section>
  );
}

/** /my: the account tab. A visitor sees the login entry; a user sees who they are and where to go. */
export default function AccountScreen() {
  const t = useT();
  const gate = useGate();
  const user = useSelector(gate, (s) => (s.matches('loggedIn') ? s.context.userInfo : null));
  if (!user) {
    return (
      <div className={screen}>
        <LoginPanel />
      </div>
    );
  }
  return (
    <>
      <div className={css.hero}>
        {user.headPortrait ? (
          <img className={css.avatar} src={user.headPortrait} alt="" width={64} height={64} />
        ) : (
          <span className={css.avatar} aria-hidden="true">
            {(user.nickname || user.username).slice(0, 1).toUpperCase()}
          </span>
        )}
        <div>
          <h1 className={css.name} data-testid="account-nickname">
            {user.nickname}
          </h1>
          <p className={css.sub}>
            @{user.username} · {t('account.id')} {user.id}
          </p>
        </div>
      </div>
      <div className={screen}>
        <section className={`${card} ${css.stats}`}>
          <div className={css.stat}>
            <span className={muted}>{t('account.balance')}</span>
            <span className={css.statValue} data-testid="account-balance">
              <Money amount={user.balance} />
            </span>
          </div>
          <div className={css.stat}>
            <span className={muted}>{t('account.inviteCode')}</span>
            <span className={css.statValue}>{user.inviteCode}</span>
          </div>
        </section>
        <BuyerOrderShortcuts />
        <nav className={css.groups} aria-label={t('account.title')} data-testid="account-groups">
          {/* What a shopper needs most comes first: the cart, favourites, addresses. */}
          <Group name="shopping">
            <Row icon="cart" label={t('cart.entry')} onClick={() => go('/product/cart')} testId="open-cart" />
            <Row icon="heart" label={t('catalogue.entry.collect')} onClick={() => go('/mine/collect')} testId="open-collect" />
            <Row icon="mapPin" label={t('address.entry')} onClick={() => go('/mine/address/list')} testId="open-addresses" />
          </Group>
          <Group name="selling">
            {user.roles.includes('seller') ? (
              <>
                <SellerCentreEntry />
                <Row icon="box" label={t('catalogue.entry.myProducts')} onClick={() => go('/mine/seller/products')} testId="open-my-products" />
              </>
            ) : (
              <Row icon="store" label={t('catalogue.entry.sellerAuth')} onClick={() => go('/mine/seller/authentication')} testId="open-seller-auth" />
            )}
          </Group>
          <Group name="money">
            <Row icon="receipt" label={t('balance.entry')} onClick={() => go('/mine/user/balancedetails')} testId="open-balance-details" />
            <Row icon="wallet" label={t('withdrawal.title')} onClick={() => go('/mine/authbeforewithdraw')} testId="open-withdrawal" />
            <Row icon="coin" label={t('merge.open')} onClick={() => go('/mine/mergewallet')} testId="open-merge" />
          </Group>
          <Group name="rewards">
            <CheckInEntries inviteCode={user.inviteCode} />
          </Group>
          <Group name="service">
            <Row icon="bell" label={t('accounts.entry.notices')} onClick={() => go('/mine/notice')} testId="open-notices" />
            <Row icon="book" label={t('account.userAgreement')} onClick={() => go('/userAgreement')} testId="open-user-agreement" />
            <Row icon="shield" label={t('account.privacyPolicy')} onClick={() => go('/privacy-policy')} testId="open-privacy-policy" />
          </Group>
          <Group name="settings">
            <Row icon="user" label={t('accounts.entry.profile')} onClick={() => go('/mine/user/nick-name')} testId="open-profile" />
            <Row icon="lock" label={t('accounts.entry.security')} onClick={() => go('/mine/securitysetting')} testId="open-security" />
            <Row icon="palette" label={t('accounts.entry.customColour')} onClick={() => go('/mine/customcolor')} testId="open-customcolor" />
            <LanguageSheet
              trigger={
                <button type="button" className={listRow} data-testid="language-button">
                  <span className={listRowLabel}>
                    <Icon name="globe" size={20} className={listRowIcon} />
                    {t('account.language')}
                  </span>
                  <Icon name="forward" size={18} />
                </button>
              }
            />
          </Group>
          {/* Staff's entry comes last, apart; the statechart gallery and the system upgrade notice are reached
              from the console (issue 37, finding 8), never from a shopper's menu. */}
          {user.roles.includes('arbiter') && (
            <Group name="developer">
              <Row icon="chart" label={t('console.entry')} onClick={() => go('/platform/console')} testId="open-console" />
            </Group>
          )}
        </nav>
        <ConfirmDialog
          trigger={
            <button type="button" className={button({ tone: 'secondary', block: true })} data-testid="logout">
              {t('account.logout')}
            </button>
          }
          title={t('account.logoutConfirmTitle')}
          body={t('account.logoutConfirmBody')}
          confirmLabel={t('account.logout')}
          tone="danger"
          onConfirm={() => gate.send({ type: 'LOGOUT' })}
        />
      </div>
    </>
  );
}
