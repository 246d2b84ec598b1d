import { ScreenHeader } from '../../src/app/ScreenHeader';
import { authenticateAgain } from '../../src/app/gate';
import { showToast } from '../../src/app/toasts';
import { useSubmit } from '../../src/app/useSubmit';
import { reauthenticate } from '../../src/api/withdrawal';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen } from '../../src/theme/ui.css';
import { useBackFromHere } from '../../src/app/backFromHere';

/** /mine/repeatauthentication: a fresh platform authentication before a sensitive step (a first withdrawal to a new address). */
export default function RepeatAuthenticationScreen() {
  const leave = useBackFromHere('/mine/user/withdrawal');
  const t = useT();
  const send = useSubmit(
    async () => reauthenticate(await authenticateAgain()),
    undefined,
    () => {
      showToast(t('withdrawal.repeatDone'), 'success');
      leave();
    },
  );
  return (
    <>
      <ScreenHeader title={t('withdrawal.repeatTitle')} backTo="/mine/user/withdrawal" />
      <div className={screen}>
        <section className={card}>
          <p className={muted}>{t('withdrawal.repeatBody')}</p>
        </section>
        <button type="button" className={button({ block: true })} disabled={send.submitting} onClick={() => send.submit(null)} data-testid="reauth-submit">
          {t('withdrawal.reauth')}
        </button>
      </div>
    </>
  );
}
