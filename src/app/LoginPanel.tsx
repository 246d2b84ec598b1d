import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useT } from '../i18n/react';
import { button, muted, title } from '../theme/ui.css';
import { useGate } from './gateContext';
import * as css from './loginPanel.css';
import { go } from './navigation';

/**
 * The login entry: log in with the coin browser's account through the host bridge. Shown by the account
 * tab, /new-my, and inside the public screens that need a session (SPEC 2), where logging in keeps the screen.
 */
export function LoginPanel() {
  const t = useT();
  const gate = useGate();
  const working = useSelector(gate, (s) => s.matches('authenticating') || s.matches('exchangingTicket') || s.matches('fetchingUser'));
  return (
    <div className={css.loginCard}>
      <div className={css.logo} aria-hidden="true">
        π
      </div>
      <h1 className={title}>{t('login.title')}</h1>
      <p className={muted}>{t('login.subtitle')}</p>
      <button type="button" className={button({ block: true })} disabled={working} aria-busy={working} onClick={() => gate.send({ type: 'LOGIN' })} data-testid="login-with-pi">
        {working ? t('login.working') : t('login.withPi')}
      </button>
      <p className={css.legal} data-testid="email-login-row">
        <button type="button" className={css.link} onClick={() => go('/login-email')} data-testid="open-login-email">
          {t('accounts.login.entry')}
        </button>
        {' · '}
        <button type="button" className={css.link} onClick={() => go('/register')} data-testid="open-register">
          {t('accounts.register.title')}
        </button>
      </p>
      <p className={css.legal}>
        {t('login.agreementNote')}{' '}
        <button type="button" className={css.link} onClick={() => go('/userAgreement')}>
          {t('login.userAgreement')}
        </button>{' '}
        {t('login.and')}{' '}
        <button type="button" className={css.link} onClick={() => go('/privacy-policy')}>
          {t('login.privacyPolicy')}
        </button>
      </p>
    </div>
  );
}

/**
 * For the screens SPEC 2 makes public that show a person's own data (/sign, /mine/seller/refundorderlist,
 * /mine/seller/ordersaleslist): the guard lets a visitor in and the screen stays; it shows the login entry
 * inside itself until someone logs in there, then its content.
 */
export function LoginFirst({ children, visitor }: { children: ReactNode; visitor?: ReactNode }) {
  const gate = useGate();
  const loggedIn = useSelector(gate, (s) => s.context.session !== null);
  return loggedIn ? children : (visitor ?? <LoginPanel />);
}
