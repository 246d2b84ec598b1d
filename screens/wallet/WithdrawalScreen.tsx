import { useId, useState } from 'react';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { go } from '../../src/app/navigation';
import { showToast } from '../../src/app/toasts';
import { useResource } from '../../src/app/useResource';
import { useSubmit } from '../../src/app/useSubmit';
import { isUserWithdrawable, sendWithdrawCode, startWithdrawal } from '../../src/api/withdrawal';
import { isMoneyString, parseMoney } from '../../src/domain/money';
import { firstProblem } from '../../src/domain/schemas/accounts';
import { startWithdrawalInput, type StartWithdrawalInput } from '../../src/domain/schemas/withdrawal';
import { withdrawalAmountProblem } from '../../src/domain/withdrawal';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen } from '../../src/theme/ui.css';
import { Blockers } from './WithdrawalBlockers';
import * as css from './withdrawal.css';

const empty: StartWithdrawalInput = { address: '', confirmAddress: '', amount: '', code: '', keySaved: 'false' };

/** /mine/user/withdrawal: the withdrawal form (SPEC 5), checked with the server's own schema. */
export default function WithdrawalScreen() {
  const t = useT();
  const id = useId();
  const status = useResource(isUserWithdrawable);
  const [values, setValues] = useState(empty);
  const [sent, setSent] = useState(false);
  const info = status.data;
  const check = (v: StartWithdrawalInput): string | null => {
    const problem = firstProblem(startWithdrawalInput, v);
    if (problem) return problem.key;
    if (info && isMoneyString(v.amount)) return withdrawalAmountProblem(parseMoney(v.amount), parseMoney(info.balance));
    return null;
  };
  const send = useSubmit(startWithdrawal, check, (answer) => go(`/mine/withdrawalconfirm?id=${answer.id}`));
  const set = (key: keyof StartWithdrawalInput) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [key]: e.target.value }));
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
          onChange={set(key)}
          autoComplete="off"
          inputMode={key === 'amount' ? 'decimal' : key === 'code' ? 'numeric' : 'text'}
          data-testid={`withdraw-${key}`}
        />
        {extra}
      </div>
    </div>
  );
  return (
    <>
      <ScreenHeader title={t('withdrawal.title')} backTo="/my" />
      <div className={screen}>
        {info && (
          <section className={card} aria-live="polite">
            <p data-testid="withdraw-available">{t('withdrawal.available', { amount: info.maxAmount })}</p>
            <p className={muted}>{t('withdrawal.fee', { fee: info.fee })}</p>
          </section>
        )}
        {info && <Blockers info={info} />}
        <form
          className={`${card} ${css.form}`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send.submit(values);
          }}
          data-testid="withdraw-form"
        >
          {field('address', 'withdrawal.address')}
          {field('confirmAddress', 'withdrawal.confirmAddress')}
          {field(
            'amount',
            'withdrawal.amount',
            <button type="button" className={button({ tone: 'secondary' })} onClick={() => info && setValues((v) => ({ ...v, amount: info.maxAmount }))} data-testid="withdraw-all">
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
            <input type="checkbox" checked={values.keySaved === 'true'} onChange={(e) => setValues((v) => ({ ...v, keySaved: e.target.checked ? 'true' : 'false' }))} data-testid="withdraw-key-saved" />
            {t('withdrawal.keySaved')}
          </label>
          {send.problem && (
            <p className={css.problem} role="alert" data-testid="withdraw-problem">
              {t(send.problem)}
            </p>
          )}
          <button type="submit" className={button({ block: true })} disabled={send.submitting || !info?.withdrawable} data-testid="withdraw-submit">
            {t('withdrawal.submit')}
          </button>
          <button type="button" className={css.link} onClick={() => go('/mine/repeatauthentication')} data-testid="withdraw-reauth">
            {t('withdrawal.reauth')}
          </button>
          <button type="button" className={css.link} onClick={() => go('/mine/withdrawalproduct')} data-testid="withdraw-records">
            {t('withdrawal.records')}
          </button>
        </form>
      </div>
    </>
  );
}
