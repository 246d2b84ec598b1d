import { Checkbox } from '../../src/app/FormControls';
import { useState } from 'react';
import { register, sendCode } from '../../src/api/accounts';
import { go } from '../../src/app/navigation';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { registerInput, sendCodeInput } from '../../src/domain/schemas/accounts';
import { useT } from '../../src/i18n/react';
import { button, card, screen } from '../../src/theme/ui.css';
import { EmailCodeFields, Field, Problem } from './Fields';
import * as css from './forms.css';
import { enterWithTicket, useAccountForm, useSendCode } from './useAccountForm';

/** /register: e-mail, the code sent to it, a password twice, the agreement (SPEC 5). Then logged in. */
export default function RegisterScreen() {
  const t = useT();
  const [values, setValues] = useState({ email: '', code: '', nickname: '', password: '', confirmPassword: '', agreement: false, inviteCode: '' });
  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [key]: e.target.type === 'checkbox' ? e.target.checked : e.target.value }));
  const form = useAccountForm(registerInput, async (input) => {
    const { ticket } = await register(input);
    enterWithTicket(ticket);
    return ticket;
  });
  const { codeForm, code, onSend } = useSendCode(sendCodeInput, (email) => ({ email, purpose: 'register' as const }), sendCode);
  return (
    <>
      <ScreenHeader title={t('accounts.register.title')} backTo="/new-my" />
      <div className={screen}>
        <form
          className={`${card} ${css.form}`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            form.submit({ ...values, nickname: values.nickname || undefined, inviteCode: values.inviteCode.trim() || undefined });
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
          {code.sent && <p className={css.problem} style={{ color: 'inherit' }}>{t('accounts.code.sentTo', { email: values.email })}</p>}
          <Field name="nickname" autoComplete="nickname" label={t('accounts.fields.nicknameOptional')} value={values.nickname} onChange={set('nickname')} problemField={form.problemField} />
          <Field name="password" type="password" autoComplete="new-password" label={t('accounts.fields.password')} value={values.password} onChange={set('password')} problemField={form.problemField} />
          <Field name="confirmPassword" type="password" autoComplete="new-password" label={t('accounts.fields.confirmPassword')} value={values.confirmPassword} onChange={set('confirmPassword')} problemField={form.problemField} />
          <Field name="inviteCode" autoComplete="off" label={t('ambassador.enterCode')} value={values.inviteCode} onChange={set('inviteCode')} problemField={form.problemField} />
          <label className={css.check}>
            <Checkbox checked={values.agreement} onChange={set('agreement')} data-testid="field-agreement" />
            <span>
              {t('accounts.register.agree')}{' '}
              <button type="button" className={css.link} onClick={() => go('/userAgreement')}>
                {t('login.userAgreement')}
              </button>
            </span>
          </label>
          <Problem problem={form.problem ?? codeForm.problem} />
          <button type="submit" className={button({ block: true })} disabled={form.submitting} data-testid="register-submit">
            {form.submitting ? t('accounts.working') : t('accounts.register.submit')}
          </button>
        </form>
        <div className={css.links}>
          <button type="button" className={css.link} onClick={() => go('/login-email')}>
            {t('accounts.login.title')}
          </button>
        </div>
      </div>
    </>
  );
}
