import { Checkbox } from '../../src/app/FormControls';
import { useId, useState } from 'react';
import { DecisionSheet } from '../../src/app/DecisionSheet';
import { authenticateAgain } from '../../src/app/gate';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { go } from '../../src/app/navigation';
import { showToast } from '../../src/app/toasts';
import { useResource } from '../../src/app/useResource';
import { useSubmit } from '../../src/app/useSubmit';
import { isUserWithdrawable, reauthenticate, sendWithdrawCode, startWithdrawal } from '../../src/api/withdrawal';
import { isMoneyString, parseMoney } from '../../src/domain/money';
import { firstProblem } from '../../src/domain/schemas/accounts';
import { startWithdrawalInput, type StartWithdrawalInput } from '../../src/domain/schemas/withdrawal';
import type { WithdrawableAnswer } from '../../src/domain/types/withdrawal';
import { withdrawalAmountProblem } from '../../src/domain/withdrawal';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen } from '../../src/theme/ui.css';
import { Blockers } from './WithdrawalBlockers';
import * as css from './withdrawal.css';
import { timeOfDay } from '../../src/domain/dates';
import { Money } from '../../src/app/Money';
import { moneyText } from '../../src/app/moneyText';

const empty: StartWithdrawalInput = { address: '', confirmAddress: '', amount: '', code: '', keySaved: 'false' };

/** Whether the last fresh platform authentication still lets a withdrawal go to a new address. */
function freshUntil(info: WithdrawableAnswer | null): Date | null {
  const until = info?.freshAuthUntil ? new Date(info.freshAuthUntil) : null;
  return until && until.getTime() > Date.now() ? until : null;
}

/**
 * The fresh Pi authentication a withdrawal to a new address needs, run here (issue 24): checked when
 * the form opens, and done inline through the host instead of on another screen.
 */
function FreshAuth({ info, onDone, compact }: { info: WithdrawableAnswer; onDone: () => void; compact?: boolean }) {
  const t = useT();
  const send = useSubmit(async () => reauthenticate(await authenticateAgain()), undefined, () => {
    showToast(t('withdrawal.repeatDone'), 'success');
    onDone();
  });
  const until = freshUntil(info);
  if (until) {
    return (
      <p className={muted} data-testid="withdraw-fresh-until">
        {t('withdrawReview.freshUntil', { time: timeOfDay(until.toISOString()) })}
      </p>
    );
  }
  return (
    <div className={css.fresh} data-testid="withdraw-fresh-needed">
      {!compact && <p className={css.freshText}>{t('withdrawReview.freshNeeded')}</p>}
      <button type="button" className={button({ tone: 'secondary' })} disabled={send.submitting} aria-busy={send.submitting || undefined} onClick={() => send.submit(null)} data-testid="withdraw-fresh-auth">
        {t('withdrawReview.freshRun')}
      </button>
      {send.problem && (
        <p className={css.problem} role="alert">
          {t(send.problem)}
        </p>
      )}
    </div>
  );
}

/** /mine/user/withdrawal: the withdrawal form (SPEC 5), checked with the server's own schema, then a review sheet. */
export default function WithdrawalScreen() {
  const t = useT();
  const id = useId();
  const status = useResource(isUserWithdrawable);
  const [values, setValues] = useState(empty);
  const [sent, setSent] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const [problem, setProblem] = useState<{ key: string; field: string | null } | null>(null);
  const info = status.data;
  const check = (v: StartWithdrawalInput): { key: string; field: string | null } | null => {
    const found = firstProblem(startWithdrawalInput, v);
    if (found) return { key: found.key, field: found.field ?? null };
    // Only the person's Pi wallet receives an app-to-user payment (issue 34): another address is refused here and by the server.
    if (info?.piWallet && v.address.trim() !== info.piWallet) return { key: 'withdrawal.errors.notPiWallet', field: 'address' };
    if (info && isMoneyString(v.amount)) {
      const key = withdrawalAmountProblem(parseMoney(v.amount), parseMoney(info.balance));
      if (key) return { key, field: 'amount' };
    }
    return null;
  };
  const send = useSubmit(startWithdrawal, undefined, (answer) => {
    setReviewing(false);
    go(`/mine/withdrawalconfirm?id=${answer.id}`);
  });
  // A fixed field clears its message at once (issue 24): the problem is checked again on every change.
  const set = (key: keyof StartWithdrawalInput, value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (problem) setProblem(check(next));
  };
  const field = (key: 'address' | 'confirmAddress' | 'amount' | 'code', labelKey: string, extra?: React.ReactNode) => (
    <div className={css.field}>
      <label className={css.label} htmlFor={`${id}-${key}`}>
        {t(labelKey)}
      </label>
      <div className={css.row}>
        <input
          id={`${id}-${key}`}
          className={`${css.entry} ${css.grow}`}
          value={values[key]}
          onChange={(e) => set(key, e.target.value)}
          autoComplete="off"
          aria-invalid={problem?.field === key || undefined}
          inputMode={key === 'amount' ? 'decimal' : key === 'code' ? 'numeric' : 'text'}
          data-testid={`withdraw-${key}`}
        />
        {extra}
      </div>
    </div>
  );
  const amount = isMoneyString(values.amount) ? parseMoney(values.amount) : 0n;
  const fee = info ? parseMoney(info.fee) : 0n;
  const newAddress = info !== null && !info.knownAddresses.includes(values.address.trim());
  const needsAuth = newAddress && freshUntil(info) === null;
  return (
    <>
      <ScreenHeader title={t('withdrawal.title')} backTo="/my" />
      <div className={screen}>
        {info && (
          <section className={card} aria-live="polite">
            <p data-testid="withdraw-available">{t('withdrawal.available', { amount: moneyText(info.maxAmount) })}</p>
            <p className={muted}>{t('withdrawal.fee', { fee: moneyText(info.fee) })}</p>
          </section>
        )}
        {info && <Blockers info={info} />}
        {info && (
          <section className={`${card} ${css.fresh}`} data-testid="withdraw-pi-wallet">
            <p className={css.label}>{t('withdrawal.piWallet')}</p>
            {info.piWallet ? (
              <>
                <p className={css.mono} data-testid="withdraw-pi-wallet-address">
                  {info.piWallet}
                </p>
                <button
                  type="button"
                  className={button({ tone: 'secondary' })}
                  onClick={() => {
                    const next = { ...values, address: info.piWallet ?? '', confirmAddress: info.piWallet ?? '' };
                    setValues(next);
                    if (problem) setProblem(check(next));
                  }}
                  data-testid="withdraw-use-wallet"
                >
                  {t('withdrawal.useWallet')}
                </button>
              </>
            ) : (
              <p className={`${muted} ${css.freshText}`} data-testid="withdraw-pi-wallet-unknown">
                {t('withdrawal.piWalletUnknown')}
              </p>
            )}
          </section>
        )}
        {info?.withdrawable && (
          <section className={card}>
            <FreshAuth info={info} onDone={status.reload} />
          </section>
        )}
        <form
          className={`${card} ${css.form}`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const found = check(values);
            setProblem(found);
            if (!found) setReviewing(true);
          }}
          data-testid="withdraw-form"
        >
          {field('address', 'withdrawal.address')}
          {field('confirmAddress', 'withdrawal.confirmAddress')}
          {field(
            'amount',
            'withdrawal.amount',
            <button type="button" className={button({ tone: 'secondary' })} onClick={() => info && set('amount', info.maxAmount)} data-testid="withdraw-all">
              {t('withdrawal.all')}
            </button>,
          )}
          {field(
            'code',
            'withdrawal.code',
            <button
              type="button"
              className={button({ tone: 'secondary' })}
              onClick={() =>
                void sendWithdrawCode().then(() => {
                  setSent(true);
                  showToast(t('withdrawal.codeSent', { email: info?.email ?? '' }), 'success');
                }, () => undefined)
              }
              data-testid="withdraw-send-code"
            >
              {t('withdrawal.sendCode')}
            </button>,
          )}
          {sent && <p className={muted}>{t('withdrawal.codeSent', { email: info?.email ?? '' })}</p>}
          <label className={css.row} style={{ justifyContent: 'flex-start' }}>
            <Checkbox checked={values.keySaved === 'true'} onChange={(e) => set('keySaved', e.target.checked ? 'true' : 'false')} data-testid="withdraw-key-saved" />
            {t('withdrawal.keySaved')}
          </label>
          {problem && (
            <p className={css.problem} role="alert" data-testid="withdraw-problem">
              {t(problem.key)}
            </p>
          )}
          <button type="submit" className={button({ block: true })} disabled={!info?.withdrawable} data-testid="withdraw-submit">
            {t('withdrawReview.open')}
          </button>
          <button type="button" className={css.link} onClick={() => go('/mine/withdrawalproduct')} data-testid="withdraw-records">
            {t('withdrawal.records')}
          </button>
        </form>
      </div>
      {info && reviewing && (
        <DecisionSheet
          open
          onOpenChange={(open) => setReviewing(open)}
          title={t('withdrawReview.title')}
          description={t('withdrawReview.description')}
          testId="withdraw-review"
          figures={[
            { label: t('withdrawReview.amount'), value: <Money amount={amount} />, testId: 'withdraw-review-amount' },
            { label: t('withdrawReview.fee'), value: <Money amount={fee} />, testId: 'withdraw-review-fee' },
            { label: t('withdrawReview.debited'), value: <Money amount={amount + fee} />, testId: 'withdraw-review-debited' },
            { label: t('withdrawReview.network'), value: t(`withdrawReview.networks.${info.network}`), testId: 'withdraw-review-network' },
            // The address confirmed is the Pi wallet the platform pays (issue 34), named as such when the platform has said.
            { label: t(info.piWallet ? 'withdrawal.piWallet' : 'withdrawReview.address'), value: values.address.trim(), mono: true, testId: 'withdraw-review-address' },
            { label: t('withdrawReview.arrives'), value: <Money amount={amount} />, strong: true, testId: 'withdraw-review-arrives' },
          ]}
          consequence={t('withdrawReview.consequence')}
          problem={send.problem ? t(send.problem) : null}
          confirmLabel={t('withdrawReview.confirm', { amount: moneyText(amount) })}
          busy={send.submitting}
          disabled={needsAuth}
          onConfirm={() => send.submit({ ...values, fee: info.fee })}
        >
          {newAddress && (
            <div className={css.fresh}>
              {needsAuth && <p className={css.freshText}>{t('withdrawReview.freshNewAddress')}</p>}
              <FreshAuth info={info} onDone={status.reload} compact />
            </div>
          )}
        </DecisionSheet>
      )}
    </>
  );
}
