import { checkInSummary } from '../../src/api/points';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { useT } from '../../src/i18n/react';
import { card, muted, screen } from '../../src/theme/ui.css';

/** /mine/adDuration: the time spent on rewarded videos the platform confirmed. */
export default function AdDurationScreen() {
  const t = useT();
  const summary = useResource(checkInSummary);
  const s = summary.data;
  return (
    <>
      <ScreenHeader title={t('checkIn.adTitle')} backTo="/sign" />
      <div className={screen}>
        <section className={card} data-testid="ad-duration">
          <p data-testid="ad-today">{t('checkIn.adToday', { seconds: String(s?.adSecondsToday ?? 0), count: String(s?.adsToday ?? 0), max: String(s?.adsPerDay ?? 0) })}</p>
          <p className={muted} data-testid="ad-total">{t('checkIn.adTotal', { seconds: String(s?.adSecondsTotal ?? 0) })}</p>
        </section>
      </div>
    </>
  );
}
