import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { checkInSummary } from '../../src/api/points';
import { useCheckIn } from '../../src/app/checkin/checkInActor';
import { go } from '../../src/app/navigation';
import { LoginFirst, LoginPanel } from '../../src/app/LoginPanel';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen } from '../../src/theme/ui.css';
import * as css from './checkin.css';
import { CheckInStats } from './CheckInStats';

/** /sign (public in SPEC 2): the login entry for a visitor, today's check-in for a person. */
export default function SignScreen() {
  const t = useT();
  return (
    <LoginFirst
      visitor={
        <>
          <ScreenHeader title={t('checkIn.title')} backTo="/my" />
          <LoginPanel />
        </>
      }
    >
      <SignToday />
    </LoginFirst>
  );
}

/** Today's check-in and the rewarded video, a view over the check-in chart. */
function SignToday() {
  const t = useT();
  const actor = useCheckIn();
  const day = useSelector(actor, (s) => (s.value as { day: string }).day);
  const video = useSelector(actor, (s) => (s.value as { video: string }).video);
  const ctx = useSelector(actor, (s) => s.context);
  const summary = useResource(checkInSummary);
  // The figures follow every step of the chart (a check-in, a reward).
  useEffect(() => summary.reload(), [day, video]);
  const s = summary.data;
  const busy = day === 'checking' || day === 'signing';
  const done = day === 'signed' || day === 'alreadySigned';
  return (
    <>
      <ScreenHeader title={t('checkIn.title')} backTo="/my" />
      <div className={screen}>
        <CheckInStats summary={s} pointsTestId="points-balance" streakTestId="streak" live />
        <section className={card} aria-labelledby="sign-title">
          <h2 id="sign-title">{t('checkIn.title')}</h2>
          {s ? <p className={muted}>{t('checkIn.nextReward', { reward: s.nextReward, count: Number(s.nextReward) })}</p> : null}
          <p role="status" data-testid="sign-status" data-state={day}>
            {day === 'signed' && ctx.reward ? t('checkIn.signed', { reward: ctx.reward, count: Number(ctx.reward) }) : null}
            {day === 'alreadySigned' ? t(ctx.dayMessage ?? 'checkIn.signedToday') : null}
            {day === 'failed' ? t(ctx.dayMessage ?? 'messages.signInFailed') : null}
          </p>
          <div className={css.row}>
            {/* Checked in today: the button says so and rests (issue 24), instead of a live "Check in". */}
            <button type="button" className={button({ block: true, tone: done ? 'secondary' : 'primary' })} disabled={busy || done} onClick={() => actor.send({ type: 'SIGN' })} data-testid="sign-button">
              {done ? t('checkInDesk.doneButton') : t('checkIn.signButton')}
            </button>
            {day === 'failed' ? (
              <button type="button" className={button({ tone: 'secondary' })} onClick={() => actor.send({ type: 'RETRY' })} data-testid="sign-retry">
                {t('checkIn.retry')}
              </button>
            ) : null}
          </div>
        </section>
        <section className={card} aria-labelledby="video-title" data-testid="video" data-state={video}>
          <h2 id="video-title">{t('checkIn.ads.watch')}</h2>
          <p role="status" data-testid="video-status">
            {video === 'loading' ? t('checkIn.ads.loading') : null}
            {video === 'watching' ? t('checkIn.ads.watching') : null}
            {video === 'verifying' ? t('checkIn.ads.verifying') : null}
            {video === 'rewarded' ? t('checkIn.ads.rewarded', { reward: ctx.adReward ?? '0', count: Number(ctx.adReward ?? '0') }) : null}
            {video === 'gaveUp' ? t('checkIn.ads.gaveUp') : null}
            {video === 'closedEarly' ? t('checkIn.ads.closedEarly') : null}
            {ctx.adMessage && ['unavailable', 'unsupported', 'notGranted'].includes(video) ? t(ctx.adMessage) : null}
          </p>
          {video === 'closedEarly' ? (
            <div className={css.row}>
              <button type="button" className={button()} onClick={() => actor.send({ type: 'CONTINUE' })} data-testid="ad-continue">
                {t('checkIn.ads.continue')}
              </button>
              <button type="button" className={button({ tone: 'secondary' })} onClick={() => actor.send({ type: 'GIVE_UP' })} data-testid="ad-give-up">
                {t('checkIn.ads.giveUp')}
              </button>
            </div>
          ) : video !== 'unsupported' ? (
            <button
              type="button"
              className={button({ block: true })}
              disabled={video === 'loading' || video === 'watching' || video === 'verifying'}
              onClick={() => actor.send({ type: 'WATCH' })}
              data-testid="ad-watch"
            >
              {t('checkIn.ads.watch')}
            </button>
          ) : null}
        </section>
        <div className={css.row}>
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => go('/mine/signscore')} data-testid="open-signscore">
            {t('checkIn.scoreTitle')}
          </button>
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => go('/mine/adDuration')} data-testid="open-ad-duration">
            {t('checkIn.adTitle')}
          </button>
        </div>
      </div>
    </>
  );
}
