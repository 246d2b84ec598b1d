import { useId, useState } from 'react';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { back, go } from '../../src/app/navigation';
import { showToast } from '../../src/app/toasts';
import { useSubmit } from '../../src/app/useSubmit';
import { mergeWalletApp } from '../../src/api/withdrawal';
import { firstProblem } from '../../src/domain/schemas/accounts';
import { mergeWalletInput } from '../../src/domain/schemas/withdrawal';
import type { MergeAnswer } from '../../src/domain/types/withdrawal';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen, title } from '../../src/theme/ui.css';
import * as css from './withdrawal.css';
import { useBackFromHere } from '../../src/app/backFromHere';

/** The account-merge prompt: bind the wallet app's account (its user name and payment password), then the e-mail binding prompt where needed. */
export default function MergeWalletScreen() {
  const leave = useBackFromHere('/my');
  const t = useT();
  const id = useId();
  const [values, setValues] = useState({ username: '', password: '' });
  const [merged, setMerged] = useState<MergeAnswer | null>(null);
  const send = useSubmit(
    (v: typeof values) => mergeWalletApp(v.username.trim(), v.password),
    (v) => firstProblem(mergeWalletInput, v)?.key ?? null,
    (answer) => {
      showToast(t('merge.done', { username: answer.username }), 'success');
      if (answer.needsEmail) setMerged(answer);
      else leave();
    },
  );
  return (
    <>
      <ScreenHeader title={t('merge.title')} backTo="/my" />
      <div className={screen}>
        {merged ? (
          <section className={card} data-testid="merge-email-prompt">
            <h2 className={title}>{t('merge.done', { username: merged.username })}</h2>
            <p className={muted}>{t('merge.emailPrompt')}</p>
            <button type="button" className={button({ block: true })} onClick={() => go('/mine/oneclickbindingemail')}>
              {t('merge.bindEmail')}
            </button>
            <button type="button" className={button({ tone: 'ghost', block: true })} onClick={() => back('/my')}>
              {t('merge.later')}
            </button>
          </section>
        ) : (
          <form
            className={`${card} ${css.form}`}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              send.submit(values);
            }}
            data-testid="merge-form"
          >
            <p className={muted}>{t('merge.prompt')}</p>
            <div className={css.field}>
              <label className={css.label} htmlFor={`${id}-u`}>
                {t('merge.username')}
              </label>
              <input id={`${id}-u`} className={css.entry} autoComplete="username" value={values.username} onChange={(e) => setValues((v) => ({ ...v, username: e.target.value }))} data-testid="merge-username" />
            </div>
            <div className={css.field}>
              <label className={css.label} htmlFor={`${id}-p`}>
                {t('merge.password')}
              </label>
              <input id={`${id}-p`} className={css.entry} type="password" inputMode="numeric" autoComplete="off" value={values.password} onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))} data-testid="merge-password" />
            </div>
            {send.problem && (
              <p className={css.problem} role="alert">
                {t(send.problem)}
              </p>
            )}
            <button type="submit" className={button({ block: true })} disabled={send.submitting} data-testid="merge-submit">
              {t('merge.submit')}
            </button>
          </form>
        )}
      </div>
    </>
  );
}
