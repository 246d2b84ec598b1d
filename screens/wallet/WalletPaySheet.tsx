import { useEffect, useId, useState } from 'react';
import { DecisionSheet } from '../../src/app/DecisionSheet';
import { go } from '../../src/app/navigation';
import { useResource } from '../../src/app/useResource';
import { walletAppBalance } from '../../src/api/pay';
import { PasswordLock } from '../../src/domain/abuseLimits';
import { parseMoney } from '../../src/domain/money';
import { useT } from '../../src/i18n/react';
import { button, muted } from '../../src/theme/ui.css';
import * as css from './wallet.css';
import { Money } from '../../src/app/Money';
import { moneyText } from '../../src/app/moneyText';

/**
 * The wallet-app balance payment sheet (SPEC 2; issue 24's review): the amount, the wallet-app balance
 * and what remains, then the payment password. The amount shown is the one sent with the password.
 */
function SheetBody({ amount, busy, problem, onPay, onClose }: { amount: string | null; busy: boolean; problem: string | null; onPay: (password: string, amount: string) => void; onClose: () => void }) {
  const t = useT();
  const id = useId();
  const [password, setPassword] = useState('');
  const { data, state, reload } = useResource(walletAppBalance);
  const notMerged = state === 'ready' && data !== null && !data.merged;
  const have = data?.balance ? parseMoney(data.balance) : null;
  const remains = amount !== null && have !== null ? have - parseMoney(amount) : null;
  const short = remains !== null && remains < 0n;
  // After a refused password the lock is read again: how many tries remain, or until when it is locked (issue 25).
  // The refused digits are cleared so the next try starts empty (issue 37, finding 7).
  useEffect(() => {
    if (!problem) return;
    reload();
    setPassword('');
  }, [problem]);
  const lock = data?.passwordLock;
  const lockedUntil = lock?.lockedUntil ? new Date(lock.lockedUntil) : null;
  const locked = lockedUntil !== null && lockedUntil.getTime() > Date.now();
  // One message about the password, not three (issue 37, finding 7): after a refusal the lock line says it.
  const lockShown = lock !== undefined && lock !== null && (locked || lock.triesLeft < PasswordLock.tries);
  return (
    <DecisionSheet
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('wallet.title')}
      description={t('review.payDescription')}
      testId="wallet-sheet"
      figures={[
        { label: t('review.amount'), value: amount === null ? '…' : <Money amount={amount} />, testId: 'wallet-amount' },
        { label: t('review.walletBalanceNow'), value: notMerged ? '—' : have === null ? '…' : <Money amount={have} />, testId: 'wallet-balance' },
        { label: t('review.remains'), value: remains === null || short ? '—' : <Money amount={remains} />, strong: true, testId: 'wallet-remains' },
      ]}
      problem={notMerged ? null : short && remains !== null ? t('review.notEnough', { missing: moneyText(-remains) }) : problem && !lockShown ? t(problem) : null}
      confirmLabel={amount === null ? t('wallet.pay') : t('review.payAmount', { amount: moneyText(amount) })}
      busy={busy}
      disabled={notMerged || amount === null || short || locked || password.length !== 6}
      onConfirm={() => amount !== null && /^\d{6}$/.test(password) && onPay(password, amount)}
    >
      {notMerged ? (
        <>
          <p className={muted}>{t('wallet.notMerged')}</p>
          <button
            type="button"
            className={button({ tone: 'secondary', block: true })}
            onClick={() => {
              onClose();
              go('/mine/mergewallet');
            }}
            data-testid="wallet-merge"
          >
            {t('merge.open')}
          </button>
        </>
      ) : (
        <>
          <label htmlFor={`${id}-password`}>{t('wallet.password')}</label>
          <input
            id={`${id}-password`}
            className={css.input}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            value={password}
            disabled={busy}
            onChange={(e) => setPassword(e.target.value.replace(/\D/g, ''))}
            data-testid="wallet-password"
          />
          {lock && lockShown && (
            <p className={css.problem} role="alert" data-testid="wallet-lock">
              {locked && lockedUntil
                ? t('abuse.lockedUntil', { time: lockedUntil.toLocaleTimeString(document.documentElement.lang || undefined, { hour: '2-digit', minute: '2-digit' }) })
                : problem
                  ? t('sellerDay.wallet.wrongPassword', { tries: lock.triesLeft })
                  : t('abuse.triesLeft', { tries: lock.triesLeft })}
            </p>
          )}
          {/* A forgotten payment password: where to set a new one (SPEC: /mine/resetserect, "reset secret"). */}
          <button
            type="button"
            className={button({ tone: 'ghost' })}
            onClick={() => {
              onClose();
              go('/mine/resetserect');
            }}
            data-testid="wallet-forgot"
          >
            {t('sellerDay.wallet.forgot')}
          </button>
        </>
      )}
    </DecisionSheet>
  );
}

export default function WalletPaySheet(props: { open: boolean; amount: string | null; busy: boolean; problem: string | null; onPay: (password: string, amount: string) => void; onClose: () => void }) {
  return props.open ? <SheetBody amount={props.amount} busy={props.busy} problem={props.problem} onPay={props.onPay} onClose={props.onClose} /> : null;
}
