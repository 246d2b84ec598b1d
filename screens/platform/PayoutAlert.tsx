import { payoutDesk } from '../../src/api/kyc';
import { useResource } from '../../src/app/useResource';
import { payoutWaitLabelKey } from '../../src/domain/withdrawal';
import { useT } from '../../src/i18n/react';
import { card, muted } from '../../src/theme/ui.css';
import * as desk from './desk.css';
import { moneyText } from '../../src/app/moneyText';

/** The console's alert when approved payouts wait on the app's side (issue 27): the app wallet, its balance, what waits and why. */
export function PayoutAlert() {
  const t = useT();
  const { data } = useResource(payoutDesk);
  if (!data || (!data.alert && data.queued === 0)) return null;
  const reasons = [...new Set(data.waiting.map((w) => w.reason))];
  return (
    <section className={data.alert ? `${card} ${desk.alertEdge}` : card} role={data.alert ? 'alert' : 'status'} data-testid="payout-alert">
      {data.alert && <strong>{t('payouts.alertTitle')}</strong>}
      {reasons.map((r) => (
        <p key={r} style={{ margin: 0 }}>
          {t(payoutWaitLabelKey(r))} ({data.waiting.filter((w) => w.reason === r).length})
        </p>
      ))}
      <p className={muted}>{t('payouts.queued', { count: data.queued })}</p>
      {data.wallet && <p className={muted} style={{ wordBreak: 'break-all' }}>{t('payouts.wallet', { address: data.wallet, balance: data.balance ? moneyText(data.balance) : '—' })}</p>}
    </section>
  );
}
