import { useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { changeHeadPortrait, changeNickName } from '../../src/api/accounts';
import { useGate } from '../../src/app/gateContext';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { showToast } from '../../src/app/toasts';
import { ImageFileInput, UploadTileList } from '../../src/app/UploadTiles';
import { useUploadQueue } from '../../src/app/uploadQueue';
import { changeNickNameInput } from '../../src/domain/schemas/accounts';
import { useT } from '../../src/i18n/react';
import { button, card, screen } from '../../src/theme/ui.css';
import * as account from './account.css';
import { Field, Problem } from './Fields';
import * as css from './forms.css';
import { useAccountForm } from './useAccountForm';
import { useBackFromHere } from '../../src/app/backFromHere';

/** /mine/user/nick-name: the nickname and the head portrait (uploaded, then set by its image id). */
export default function NickNameScreen() {
  const leave = useBackFromHere('/my');
  const t = useT();
  const gate = useGate();
  const user = useSelector(gate, (s) => s.context.userInfo);
  const [nickname, setNickname] = useState(user?.nickname ?? '');
  const form = useAccountForm(changeNickNameInput, async (input) => {
    const info = await changeNickName(input.nickname);
    gate.send({ type: 'USER_UPDATED', userInfo: info });
    showToast(t('accounts.saved'), 'success');
    leave();
    return info;
  });
  // The new picture shows at once with its progress ring; once stored it becomes the head portrait and
  // its tile gives way to it. A failed one stays with the reason and Retry (src/app/uploadQueue.ts).
  const portrait = useUploadQueue({
    onUploaded: async (image) => {
      const info = await changeHeadPortrait(image.id);
      gate.send({ type: 'USER_UPDATED', userInfo: info });
      showToast(t('accounts.saved'), 'success');
      return 'remove' as const;
    },
  });
  const picker = useRef<HTMLInputElement>(null);
  return (
    <>
      <ScreenHeader title={t('accounts.profile.title')} backTo="/my" />
      <div className={screen}>
        <section className={`${card} ${css.form}`} style={{ alignItems: 'center' }}>
          {portrait.items.length > 0 ? (
            <UploadTileList queue={portrait} testId="portrait-upload" />
          ) : user?.headPortrait ? (
            <img className={account.avatar} src={user.headPortrait} alt={t('accounts.profile.portrait')} width={64} height={64} data-testid="portrait" />
          ) : (
            <span className={account.avatar} style={{ background: 'var(--none, #efe7ff)' }} aria-hidden="true">
              {(user?.nickname ?? '?').slice(0, 1).toUpperCase()}
            </span>
          )}
          <button type="button" className={button({ tone: 'secondary' })} aria-busy={portrait.busy} disabled={portrait.busy} onClick={() => picker.current?.click()} data-testid="portrait-change">
            {portrait.busy ? t('accounts.working') : t('accounts.profile.changePortrait')}
          </button>
          <ImageFileInput
            inputRef={picker}
            testId="portrait-file"
            onFiles={([file]) => {
              if (!file) return;
              for (const item of portrait.items) portrait.remove(item.key);
              portrait.add([file]);
            }}
          />
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
