import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { changePassword, getSecurity } from '../../src/api/accounts';
import { useGate } from '../../src/app/gateContext';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { showToast } from '../../src/app/toasts';
import { useResource } from '../../src/app/useResource';
import { changePasswordInput } from '../../src/domain/schemas/accounts';
import { useT } from '../../src/i18n/react';
import { button, card, screen, skeleton } from '../../src/theme/ui.css';
import { Field, Problem } from './Fields';
import * as css from './forms.css';
import { useAccountForm } from './useAccountForm';
import { useBackFromHere } from '../../src/app/backFromHere';

/** /mine/modify-password: the current password (when there is one), the new one twice (SPEC 5: Password not match). */
export default function ModifyPasswordScreen() {
  const leave = useBackFromHere('/mine/securitysetting');
  const t = useT();
  const gate = useGate();
  const loggedIn = useSelector(gate, (s) => s.context.userInfo !== null);
  const security = useResource(getSecurity);
  const [values, setValues] = useState({ oldPassword: '', password: '', confirmPassword: '' });
  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [key]: e.target.value }));
  const form = useAccountForm(changePasswordInput, async (input) => {
    const info = await changePassword(input);
    gate.send({ type: 'USER_UPDATED', userInfo: info });
    showToast(t('accounts.saved'), 'success');
    setValues({ oldPassword: '', password: '', confirmPassword: '' });
    leave();
    return info;
  });
  const hasPassword = security.data?.hasPassword ?? false;
  return (
    <>
      <ScreenHeader title={t('accounts.password.title')} backTo="/mine/securitysetting" />
      <div className={screen}>
        {!loggedIn || security.state === 'loading' ? (
          <div className={skeleton} style={{ height: 240 }} />
        ) : (
          <form
            className={`${card} ${css.form}`}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              form.edit();
              form.submit(hasPassword ? values : { password: values.password, confirmPassword: values.confirmPassword });
            }}
          >
            {hasPassword && (
              <Field name="oldPassword" type="password" autoComplete="current-password" label={t('accounts.fields.oldPassword')} value={values.oldPassword} onChange={set('oldPassword')} problemField={form.problemField} />
            )}
            <Field name="password" type="password" autoComplete="new-password" label={t('accounts.fields.newPassword')} value={values.password} onChange={set('password')} problemField={form.problemField} />
            <Field name="confirmPassword" type="password" autoComplete="new-password" label={t('accounts.fields.confirmPassword')} value={values.confirmPassword} onChange={set('confirmPassword')} problemField={form.problemField} />
            <Problem problem={form.problem} />
            <button type="submit" className={button({ block: true })} disabled={form.submitting} data-testid="password-submit">
              {form.submitting ? t('accounts.working') : t('accounts.save')}
            </button>
          </form>
        )}
      </div>
    </>
  );
}
