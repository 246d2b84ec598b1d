import { useState } from 'react';
import { changeEmail, sendEmailCode } from '../../src/api/accounts';
import { useGate } from '../../src/app/gateContext';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { showToast } from '../../src/app/toasts';
import { changeEmailInput, sendEmailCodeInput } from '../../src/domain/schemas/accounts';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen } from '../../src/theme/ui.css';
import { EmailCodeFields, Field, Problem } from './Fields';
import * as css from './forms.css';
import { useAccountForm, useSendCode } from './useAccountForm';
import { useBackFromHere } from '../../src/app/backFromHere';

/**
 * chageEmail (SPEC 7, change and bind). Binding (the one-click binding of a coin-browser account)
 * also sets the password, so the same account can be entered with e-mail and password.
 */
export function EmailForm({ bind }: { bind: boolean }) {
  const leave = useBackFromHere('/mine/securitysetting');
  const t = useT();
  const gate = useGate();
  const [values, setValues] = useState({ email: '', code: '', password: '', confirmPassword: '' });
  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [key]: e.target.value }));
  const form = useAccountForm(changeEmailInput, async (input) => {
    const info = await changeEmail(input);
    gate.send({ type: 'USER_UPDATED', userInfo: info });
    showToast(t(bind ? 'accounts.email.bound' : 'accounts.saved'), 'success');
    leave();
    return info;
  });
  const { codeForm, code, onSend } = useSendCode(sendEmailCodeInput, (email) => ({ email }), (input) => sendEmailCode(input.email));
  return (
    <>
      <ScreenHeader title={t(bind ? 'accounts.email.bindTitle' : 'accounts.email.title')} backTo="/mine/securitysetting" />
      <div className={screen}>
        <p className={muted}>{t(bind ? 'accounts.email.bindIntro' : 'accounts.email.intro')}</p>
        <form
          className={`${card} ${css.form}`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            form.edit();
            form.submit(bind || values.password ? values : { email: values.email, code: values.code });
          }}
        >
          <EmailCodeFields
            emailLabel={t('accounts.fields.newEmail')}
            email={values.email}
            code={values.code}
            onEmail={set('email')}
            onCode={set('code')}
            problemField={form.problemField}
            codeProblemField={codeForm.problemField}
            sender={code}
            onSend={() => onSend(values.email)}
          />
          {bind && (
            <>
              <Field name="password" type="password" autoComplete="new-password" label={t('accounts.fields.password')} value={values.password} onChange={set('password')} problemField={form.problemField} />
              <Field name="confirmPassword" type="password" autoComplete="new-password" label={t('accounts.fields.confirmPassword')} value={values.confirmPassword} onChange={set('confirmPassword')} problemField={form.problemField} />
            </>
          )}
          <Problem problem={form.problem ?? codeForm.problem} />
          <button type="submit" className={button({ block: true })} disabled={form.submitting} data-testid="email-submit">
            {form.submitting ? t('accounts.working') : t(bind ? 'accounts.email.bindSubmit' : 'accounts.save')}
          </button>
        </form>
      </div>
    </>
  );
}
