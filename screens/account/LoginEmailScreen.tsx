import { useState } from 'react';
import { loginByEmail } from '../../src/api/accounts';
import { go } from '../../src/app/navigation';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { loginByEmailInput } from '../../src/domain/schemas/accounts';
import { useT } from '../../src/i18n/react';
import { button, card, screen } from '../../src/theme/ui.css';
import { Field, Problem } from './Fields';
import * as css from './forms.css';
import { enterWithTicket, useAccountForm } from './useAccountForm';

/** /login-email: log in with e-mail and password, beside the coin browser's login. */
export default function LoginEmailScreen() {
  const t = useT();
  const [values, setValues] = useState({ email: '', password: '' });
  const form = useAccountForm(loginByEmailInput, async (input) => {
    const { ticket } = await loginByEmail(input);
    enterWithTicket(ticket);
    return ticket;
  });
  return (
    <>
      <ScreenHeader title={t('accounts.login.title')} backTo="/new-my" />
      <div className={screen}>
        <form
          className={`${card} ${css.form}`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            form.submit(values);
          }}
        >
          <Field name="email" type="email" autoComplete="email" label={t('accounts.fields.email')} value={values.email} onChange={(e) => setValues({ ...values, email: e.target.value })} problemField={form.problemField} />
          <Field
            name="password"
            type="password"
            autoComplete="current-password"
            label={t('accounts.fields.password')}
            value={values.password}
            onChange={(e) => setValues({ ...values, password: e.target.value })}
            problemField={form.problemField}
          />
          <Problem problem={form.problem} />
          <button type="submit" className={button({ block: true })} disabled={form.submitting} data-testid="login-email-submit">
            {form.submitting ? t('accounts.working') : t('accounts.login.submit')}
          </button>
        </form>
        <div className={css.links}>
          <button type="button" className={css.link} onClick={() => go('/forgot-password')} data-testid="open-forgot">
            {t('accounts.forgot.title')}
          </button>
          <button type="button" className={css.link} onClick={() => go('/register')}>
            {t('accounts.register.title')}
          </button>
        </div>
      </div>
    </>
  );
}
