import { useState } from 'react';
import { ambassadorSummary, bindInviter, invitees } from '../../src/api/points';
import { InviteCodeRow } from '../../src/app/checkin/CheckInEntries';
import { go } from '../../src/app/navigation';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { useSubmit } from '../../src/app/useSubmit';
import { AmbassadorLevels, formatPoints, PointRewards } from '../../src/domain/points';
import { inviterInput } from '../../src/domain/schemas/points';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen } from '../../src/theme/ui.css';
import * as css from './checkin.css';
import { Leaderboard } from './Leaderboard';

/** /mine/medal/index: the ambassador's medal, level, profit, invite code, inviter and invitees. */
export function MedalIndexScreen() {
  const t = useT();
  const summary = useResource(ambassadorSummary);
  const list = useResource(() => invitees(1));
  const [code, setCode] = useState('');
  const form = useSubmit(
    (values: { inviteCode: string }) => bindInviter(values.inviteCode),
    (values) => (inviterInput.safeParse(values).success ? null : 'ambassador.errors.unknownCode'),
    () => summary.reload(),
  );
  const s = summary.data;
  return (
    <>
      <ScreenHeader title={t('ambassador.title')} backTo="/my" />
      <div className={screen}>
        <section className={card} data-testid="ambassador-summary">
          <h2>
            {s ? `${t(`ambassador.medal.${s.medal}`)} · ${t('ambassador.level', { level: String(s.level) })}` : '…'}
          </h2>
          <div className={css.stats}>
            <div>
              <span className={css.statValue} data-testid="invitee-count">{s?.invitees ?? '–'}</span>
              <span className={muted}>{t('ambassador.invitees')}</span>
            </div>
            <div>
              <span className={css.statValue}>{s?.monthProfit ?? '–'}</span>
              <span className={muted}>{t('ambassador.monthProfit')}</span>
            </div>
            <div>
              <span className={css.statValue}>{s?.totalProfit ?? '–'}</span>
              <span className={muted}>{t('ambassador.totalProfit')}</span>
            </div>
          </div>
          <p className={muted}>{t('ambassador.held', { count: String(s?.held ?? 0) })}</p>
          <p className={muted}>
            {s?.next ? t('ambassador.next', { invitees: t('ambassador.moreInvitees', { count: s.next.needInvitees }), qualified: t('ambassador.moreQualified', { count: s.next.needQualified }) }) : s ? t('ambassador.top') : null}
          </p>
        </section>
        {/* Only what belongs to the medals: the invite code to share (the account tab's rows stay there). */}
        {s ? (
          <section className={`${card} ${css.rowCard}`} data-testid="medal-invite-code">
            <InviteCodeRow inviteCode={s.inviteCode} />
          </section>
        ) : null}
        <section className={card} aria-labelledby="inviter-title">
          <h2 id="inviter-title">{t('ambassador.enterCode')}</h2>
          {s?.invitedBy ? (
            <p data-testid="invited-by">{t('ambassador.bound', { name: s.invitedBy })}</p>
          ) : (
            <form
              className={css.row}
              onSubmit={(event) => {
                event.preventDefault();
                form.submit({ inviteCode: code.trim() });
              }}
            >
              {/* The heading above names the field: one "Inviter's code", not two. */}
              <input id="inviter-code" aria-labelledby="inviter-title" className={css.input} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" data-testid="inviter-code" />
              <button type="submit" className={button()} disabled={form.submitting} data-testid="inviter-submit">
                {t('ambassador.bind')}
              </button>
              {form.problem ? <p role="alert">{t(form.problem)}</p> : null}
            </form>
          )}
        </section>
        <section className={card} aria-labelledby="invitees-title">
          <h2 id="invitees-title">{t('ambassador.invitees')}</h2>
          {(list.data?.list.length ?? 0) === 0 ? (
            <p className={muted}>{t('ambassador.noInvitees')}</p>
          ) : (
            <ul data-testid="invitee-list">
              {list.data?.list.map((i) => (
                <li key={`${i.nickname}-${i.joinedAt}`}>
                  {i.nickname} · {i.qualified ? t('ambassador.qualifiedYes') : t('ambassador.qualifiedNo')}
                </li>
              ))}
            </ul>
          )}
        </section>
        <div className={css.row}>
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => go('/mine/medal/detail')} data-testid="open-medal-detail">
            {t('ambassador.detail')}
          </button>
          <button type="button" className={button({ tone: 'secondary' })} onClick={() => go('/mine/medal/list')} data-testid="open-medal-list">
            {t('ambassador.leaderboard')}
          </button>
        </div>
      </div>
    </>
  );
}

/** /mine/medal/detail: the levels and medals rule (src/domain/points.ts). */
export function MedalDetailScreen() {
  const t = useT();
  return (
    <>
      <ScreenHeader title={t('ambassador.detail')} backTo="/mine/medal/index" />
      <div className={screen}>
        <section className={card}>
          <p>{t('ambassador.rule', { reward: formatPoints(PointRewards.ambassadorInvitee) })}</p>
          <ul data-testid="level-rules">
            {AmbassadorLevels.filter((l) => l.level > 0).map((l) => (
              <li key={l.level}>
                {t('ambassador.levelRule', { level: String(l.level), medal: t(`ambassador.medal.${l.medal}`), invitees: String(l.invitees), qualified: String(l.qualified) })}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}

/** /mine/medal/list: the ambassador leaderboard (day, month, total). */
export function MedalListScreen() {
  const t = useT();
  return (
    <>
      <ScreenHeader title={t('ambassador.leaderboard')} backTo="/mine/medal/index" />
      <div className={screen}>
        <Leaderboard board="ambassador" title={t('ambassador.leaderboard')} />
      </div>
    </>
  );
}
