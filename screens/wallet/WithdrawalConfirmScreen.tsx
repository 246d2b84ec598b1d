import { ScreenHeader } from '../../src/app/ScreenHeader';
import { go, useScreenQuery } from '../../src/app/navigation';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen, title } from '../../src/theme/ui.css';

/** /mine/withdrawalconfirm: the withdrawal was submitted and waits for manual review. */
export default function WithdrawalConfirmScreen() {
  const t = useT();
  const id = useScreenQuery().get('id');
  return (
    <>
      <ScreenHeader title={t('withdrawal.title')} backTo="/my" />
      <div className={screen}>
        <section className={card} data-testid="withdraw-submitted">
          <h2 className={title}>{t('withdrawal.submittedTitle')}</h2>
          <p className={muted}>{t('withdrawal.submittedBody')}</p>
        </section>
        <button type="button" className={button({ block: true })} onClick={() => go(id ? `/mine/withdrawalproduct?id=${id}` : '/mine/withdrawalproduct')} data-testid="withdraw-view-record">
          {t('withdrawal.viewRecords')}
        </button>
      </div>
    </>
  );
}
