import { ScreenHeader } from '../../src/app/ScreenHeader';
import { go } from '../../src/app/navigation';
import { useResource } from '../../src/app/useResource';
import { isUserWithdrawable } from '../../src/api/withdrawal';
import type { WithdrawBlocker } from '../../src/domain/withdrawal';
import { useT } from '../../src/i18n/react';
import { button, card, screen, skeleton } from '../../src/theme/ui.css';
import { Blockers } from './WithdrawalBlockers';
import * as css from './withdrawal.css';
import { Icon } from '../../src/app/Icon';

const checks: { blocker: WithdrawBlocker; labelKey: string }[] = [
  { blocker: 'kycNotPassed', labelKey: 'withdrawal.checkKyc' },
  { blocker: 'noEmail', labelKey: 'withdrawal.checkEmail' },
  { blocker: 'inFlight', labelKey: 'withdrawal.checkNone' },
  { blocker: 'noBalance', labelKey: 'withdrawal.checkBalance' },
];

/** /mine/authbeforewithdraw: what must hold before a withdrawal (isUserWithdrawable), each ticked or with its remedy. */
export default function AuthBeforeWithdrawScreen() {
  const t = useT();
  const { data, reload } = useResource(isUserWithdrawable);
  return (
    <>
      <ScreenHeader title={t('withdrawal.checksTitle')} backTo="/my" />
      <div className={screen}>
        {!data && <div className={skeleton} style={{ height: 120 }} aria-busy="true" />}
        {data && (
          <section className={card}>
            <ul className={css.list}>
              {checks.map((c) => (
                <li key={c.blocker} className={css.row} data-testid={`check-${c.blocker}`}>
                  <span>{t(c.labelKey)}</span>
                  <span className={css.status}>
                    <Icon name={data.blockers.includes(c.blocker) ? 'close' : 'check'} label={t(data.blockers.includes(c.blocker) ? 'journey.checkMissing' : 'journey.checkDone')} />
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )}
        {data && <Blockers info={data} />}
        <button type="button" className={button({ block: true })} disabled={!data?.withdrawable} onClick={() => go('/mine/user/withdrawal')} data-testid="checks-continue">
          {t('withdrawal.continue')}
        </button>
      </div>
    </>
  );
}
