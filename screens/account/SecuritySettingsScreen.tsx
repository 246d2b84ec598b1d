import { useSelector } from '@xstate/react';
import { freezeMyAccount, getSecurity } from '../../src/api/accounts';
import { ConfirmDialog } from '../../src/app/ConfirmDialog';
import { useGate } from '../../src/app/gateContext';
import { go } from '../../src/app/navigation';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { showToast } from '../../src/app/toasts';
import { useResource } from '../../src/app/useResource';
import { useT } from '../../src/i18n/react';
import { button, card, listRow, screen, skeleton } from '../../src/theme/ui.css';
import * as css from './forms.css';
import { useAccountForm } from './useAccountForm';
import { Icon } from '../../src/app/Icon';

function Row({ label, value, onClick, testId }: { label: string; value?: string; onClick: () => void; testId: string }) {
  return (
    <button type="button" className={listRow} onClick={onClick} data-testid={testId}>
      <span>{label}</span>
      {value !== undefined && <span className={css.value}>{value}</span>}
      <Icon name="forward" size={18} />
    </button>
  );
}

/** /mine/securitysetting: e-mail (bind or change), password, wallet address, country, and freezing the account. */
export default function SecuritySettingsScreen() {
  const t = useT();
  const gate = useGate();
  const user = useSelector(gate, (s) => s.context.userInfo);
  const security = useResource(getSecurity);
  const freeze = useAccountForm(null, async () => {
    await freezeMyAccount();
    showToast(t('accounts.security.frozen'), 'info');
    gate.send({ type: 'LOGOUT' });
    return null;
  });
  if (!user) return null;
  return (
    <>
      <ScreenHeader title={t('accounts.security.title')} backTo="/my" />
      <div className={screen}>
        {security.state === 'loading' ? (
          <div className={skeleton} style={{ height: 200 }} />
        ) : (
          <nav className={card} style={{ padding: 0, overflow: 'hidden' }} aria-label={t('accounts.security.title')}>
            {user.email ? (
              <Row label={t('accounts.security.email')} value={user.email} onClick={() => go('/mine/modify-email')} testId="security-email" />
            ) : (
              <Row label={t('accounts.security.bindEmail')} value={t('accounts.security.notBound')} onClick={() => go('/mine/oneclickbindingemail')} testId="security-bind-email" />
            )}
            <Row
              label={t('accounts.security.password')}
              value={security.data?.hasPassword ? '••••••••' : t('accounts.security.notSet')}
              onClick={() => go('/mine/modify-password')}
              testId="security-password"
            />
            <Row label={t('accounts.security.walletAddress')} value={user.walletAddress ?? t('accounts.security.notSet')} onClick={() => go('/mine/modify-wallet-address')} testId="security-wallet" />
            <Row label={t('accounts.security.location')} value={user.countryName} onClick={() => go('/mine/modify-location')} testId="security-location" />
            {user.email && <Row label={t('accounts.forgot.title')} onClick={() => go('/mine/resetserect')} testId="security-reset" />}
          </nav>
        )}
        <ConfirmDialog
          trigger={
            <button type="button" className={button({ tone: 'danger', block: true })} disabled={freeze.submitting} data-testid="freeze-mine">
              {t('accounts.security.freeze')}
            </button>
          }
          title={t('accounts.security.freezeTitle')}
          body={t('accounts.security.freezeBody')}
          confirmLabel={t('accounts.security.freeze')}
          tone="danger"
          onConfirm={() => freeze.submit(null)}
        />
      </div>
    </>
  );
}
