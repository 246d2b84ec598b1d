import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { PasswordLock } from '../../src/domain/abuseLimits';
import { go } from '../../src/app/navigation';
import { useResource } from '../../src/app/useResource';
import { walletAppBalance } from '../../src/api/pay';
import { useT } from '../../src/i18n/react';
import { button, muted, title } from '../../src/theme/ui.css';
import * as css from './wallet.css';

/** The wallet-app balance payment sheet (SPEC 2): shows the wallet balance and asks the payment password. */
function SheetBody({ total, busy, problem, onPay, onMerge }: { total: string; busy: boolean; problem: string | null; onPay: (password: string) => void; onMerge: () => void }) {
  const t = useT();
  const [password, setPassword] = useState('');
  const { data, state, reload } = useResource(walletAppBalance);
  const notMerged = state === 'ready' && data !== null && !data.merged;
  // After a refused password the lock is read again: how many tries remain, or until when it is locked.
  useEffect(() => {
    if (problem) reload();
  }, [problem]);
  const lock = data?.passwordLock;
  const lockedUntil = lock?.lockedUntil ? new Date(lock.lockedUntil) : null;
  const locked = lockedUntil !== null && lockedUntil.getTime() > Date.now();
  return (
    <>
      {total && (
        <p className={css.amount} data-testid="wallet-amount">
          {total} π
        </p>
      )}
      <p className={muted} data-testid="wallet-balance">
        {notMerged ? t('wallet.notMerged') : t('wallet.balance', { balance: data?.balance ?? '…' })}
      </p>
      {notMerged && (
        <button type="button" className={button({ tone: 'secondary', block: true })} onClick={onMerge} data-testid="wallet-merge">
          {t('merge.open')}
        </button>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (/^\d{6}$/.test(password)) onPay(password);
        }}
        style={{ display: 'contents' }}
      >
        <label htmlFor="wallet-password">{t('wallet.password')}</label>
        <input
          id="wallet-password"
          className={css.input}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={password}
          disabled={notMerged || busy}
          onChange={(e) => setPassword(e.target.value.replace(/\D/g, ''))}
          data-testid="wallet-password"
        />
        {problem && (
          <p className={css.problem} role="alert">
            {t(problem)}
          </p>
        )}
        {lock && (locked || lock.triesLeft < PasswordLock.tries) && (
          <p className={css.problem} data-testid="wallet-lock">
            {locked && lockedUntil
              ? t('abuse.lockedUntil', { time: lockedUntil.toLocaleTimeString(document.documentElement.lang || undefined, { hour: '2-digit', minute: '2-digit' }) })
              : t('abuse.triesLeft', { tries: lock.triesLeft })}
          </p>
        )}
        <button type="submit" className={button({ block: true })} disabled={notMerged || busy || locked || password.length !== 6} data-testid="wallet-pay">
          {t('wallet.pay')}
        </button>
      </form>
    </>
  );
}

export default function WalletPaySheet(props: { open: boolean; total: string; busy: boolean; problem: string | null; onPay: (password: string) => void; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog.Root open={props.open} onOpenChange={(open) => (open ? undefined : props.onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className={css.overlay} />
        <Dialog.Content className={css.sheet} data-testid="wallet-sheet" aria-describedby={undefined}>
          <Dialog.Title className={title}>{t('wallet.title')}</Dialog.Title>
          {props.open && <SheetBody
              total={props.total}
              busy={props.busy}
              problem={props.problem}
              onPay={props.onPay}
              onMerge={() => {
                props.onClose();
                go('/mine/mergewallet');
              }}
            />}
          <Dialog.Close asChild>
            <button type="button" className={button({ tone: 'ghost', block: true })}>
              {t('app.cancel')}
            </button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
