import { useSelector } from '@xstate/react';
import { useState } from 'react';
import * as z from 'zod/mini';
import { changeHeadPortrait, changeNickName, uploadImage } from '../../src/api/accounts';
import { useGate } from '../../src/app/gateContext';
import { back } from '../../src/app/navigation';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { showToast } from '../../src/app/toasts';
import { Limits } from '../../src/domain/constants';
import { changeNickNameInput } from '../../src/domain/schemas/accounts';
import { currentLanguage } from '../../src/i18n/i18n';
import { useT } from '../../src/i18n/react';
import { button, card, screen } from '../../src/theme/ui.css';
import * as account from './account.css';
import { Field, Problem } from './Fields';
import * as css from './forms.css';
import { useAccountForm } from './useAccountForm';

/** /mine/user/nick-name: the nickname and the head portrait (uploaded, then set by its image id). */
export default function NickNameScreen() {
  const t = useT();
  const gate = useGate();
  const user = useSelector(gate, (s) => s.context.userInfo);
  const [nickname, setNickname] = useState(user?.nickname ?? '');
  const form = useAccountForm(changeNickNameInput, async (input) => {
    const info = await changeNickName(input.nickname);
    gate.send({ type: 'USER_UPDATED', userInfo: info });
    showToast(t('accounts.saved'), 'success');
    back('/my');
    return info;
  });
  const portrait = useAccountForm(z.instanceof(File), async (file) => {
    if (file.size > Limits.imageBytesMax) throw new Error('too large');
    const image = await uploadImage(file, gate.getSnapshot().context.session, currentLanguage());
    const info = await changeHeadPortrait(image.id);
    gate.send({ type: 'USER_UPDATED', userInfo: info });
    showToast(t('accounts.saved'), 'success');
    return info;
  });
  return (
    <>
      <ScreenHeader title={t('accounts.profile.title')} backTo="/my" />
      <div className={screen}>
        <section className={`${card} ${css.form}`} style={{ alignItems: 'center' }}>
          {user?.headPortrait ? (
            <img className={account.avatar} src={user.headPortrait} alt={t('accounts.profile.portrait')} width={64} height={64} data-testid="portrait" />
          ) : (
            <span className={account.avatar} style={{ background: 'var(--none, #efe7ff)' }} aria-hidden="true">
              {(user?.nickname ?? '?').slice(0, 1).toUpperCase()}
            </span>
          )}
          <label className={button({ tone: 'secondary' })} aria-busy={portrait.submitting}>
            {portrait.submitting ? t('accounts.working') : t('accounts.profile.changePortrait')}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              hidden
              data-testid="portrait-file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (!file) return;
                if (file.size > Limits.imageBytesMax) return showToast(t('accounts.profile.tooLarge'), 'error');
                portrait.edit();
                portrait.submit(file);
              }}
            />
          </label>
        </section>
        <form
          className={`${card} ${css.form}`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            form.edit();
            form.submit({ nickname });
          }}
        >
          <Field name="nickname" autoComplete="nickname" label={t('accounts.fields.nickname')} value={nickname} onChange={(e) => setNickname(e.target.value)} problemField={form.problemField} maxLength={30} />
          <Problem problem={form.problem} />
          <button type="submit" className={button({ block: true })} disabled={form.submitting} data-testid="nickname-submit">
            {form.submitting ? t('accounts.working') : t('accounts.save')}
          </button>
        </form>
      </div>
    </>
  );
}
