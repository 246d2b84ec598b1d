import { go } from '../../src/app/navigation';
import type { WithdrawableAnswer } from '../../src/domain/types/withdrawal';
import { withdrawBlockerMessage, type WithdrawBlocker } from '../../src/domain/withdrawal';
import { useT } from '../../src/i18n/react';
import { card } from '../../src/theme/ui.css';
import * as css from './withdrawal.css';

/** Where each reason not to withdraw can be resolved. */
const remedy: Partial<Record<WithdrawBlocker, { path: string; labelKey: string }>> = {
  kycNotPassed: { path: '/mine/authentication', labelKey: 'withdrawal.completeKyc' },
  noEmail: { path: '/mine/oneclickbindingemail', labelKey: 'withdrawal.bindEmail' },
  inFlight: { path: '/mine/withdrawalproduct', labelKey: 'withdrawal.viewRecords' },
};

/** isUserWithdrawable's reasons, each as a warning with the way to resolve it ("KYC not passed" first). */
export function Blockers({ info }: { info: WithdrawableAnswer }) {
  const t = useT();
  if (info.blockers.length === 0) return null;
  return (
    <ul className={`${card} ${css.list}`} aria-live="polite" data-testid="withdraw-blockers">
      {info.blockers.map((b) => {
        const fix = remedy[b];
        return (
          <li key={b} className={css.row} data-testid={`withdraw-blocker-${b}`}>
            <span className={css.warning} role="alert">
              {t(withdrawBlockerMessage[b])}
            </span>
            {fix && (
              <button type="button" className={css.link} onClick={() => go(fix.path)}>
                {t(fix.labelKey)}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
