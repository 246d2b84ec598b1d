import { useState } from 'react';
import { resetPassword, sendCode } from '../../src/api/accounts';
import { go } from '../../src/app/navigation';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { showToast } from '../../src/app/toasts';
import { resetPasswordInput, sendCodeInput } from '../../src/domain/schemas/accounts';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen } from '../../src/theme/ui.css';
import { EmailCodeFields, Field, Problem } from './Fields';
import * as css from './forms.css';
import { useAccountForm, useSendCode } from './useAccountForm';

/** /forgot-password and /mine/resetserect: a code sent to the account's e-mail sets a new password. */
export default function ForgotPasswordScreen() {
  const t = useT();
  const [values, setValues] = useState({ email: '', code: '', password: '', confirmPassword: '' });
  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [key]: e.target.value }));
  const form = useAccountForm(resetPasswordInput, async (input) => {
    await resetPassword(input);
    showToast(t('accounts.forgot.done'), 'success');
    go('/login-email', { replace: true });
    return null;
  });
  const { codeForm, code, onSend } = useSendCode(sendCodeInput, (email) => ({ email, purpose: 'reset' as const }), sendCode);
  return (
    <>
      <ScreenHeader title={t('accounts.forgot.title')} backTo="/login-email" />
      <div className={screen}>
        <p className={muted}>{t('accounts.forgot.intro')}</p>
        <form
          className={`${card} ${css.form}`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            form.submit(values);
          }}
        >
          <EmailCodeFields
            emailLabel={t('accounts.fields.email')}
            email={values.email}
            code={values.code}
            onEmail={set('email')}
            onCode={set('code')}
            problemField={form.problemField}
            codeProblemField={codeForm.problemField}
            sender={code}
            onSend={() => onSend(values.email)}
          />
          <Field name="password" type="password" autoComplete="new-password" label={t('accounts.fields.newPassword')} value={values.password} onChange={set('password')} problemField={form.problemField} />
          <Field name="confirmPassword" type="password" autoComplete="new-password" label={t('accounts.fields.confirmPassword')} value={values.confirmPassword} onChange={set('confirmPassword')} problemField={form.problemField} />
          <Problem problem={form.problem ?? codeForm.problem} />
          <button type="submit" className={button({ block: true })} disabled={form.submitting} data-testid="reset-submit">
            {form.submitting ? t('accounts.working') : t('accounts.forgot.submit')}
          </button>
        </form>
      </div>
    </>
  );
}
