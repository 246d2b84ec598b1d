import { useSelector } from '@xstate/react';
import { useGate } from '../../src/app/gateContext';
import { go } from '../../src/app/navigation';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { consoleQueues } from '../../src/api/console';
import { useLanguage, useT } from '../../src/i18n/react';
import { muted, screen } from '../../src/theme/ui.css';
import * as desk from './desk.css';
import { consoleSections } from './sections';

/** "3 h" ago, in the reader's language. */
function waited(iso: string, language: string): string {
  const minutes = Math.max(0, Math.round((Date.now() - new Date(iso).getTime()) / 60_000));
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (minutes < 60) return format.format(-minutes, 'minute');
  if (minutes < 48 * 60) return format.format(-Math.round(minutes / 60), 'hour');
  return format.format(-Math.round(minutes / 1440), 'day');
}

/**
 * The desk's dashboard (issue 24): every queue with the count of what waits in it, the ones whose oldest
 * item has waited longest first; tiles in a grid at a desk, a list on a phone.
 */
function Dashboard() {
  const t = useT();
  const language = useLanguage();
  const queues = useResource(consoleQueues);
  const byKey = new Map((queues.data?.list ?? []).map((q) => [q.key, q]));
  const order = (key: string) => byKey.get(key)?.oldestAt ?? null;
  const sections = [...consoleSections].sort((a, b) => {
    const x = order(a.key);
    const y = order(b.key);
    if (x && y) return x.localeCompare(y);
    return x ? -1 : y ? 1 : 0;
  });
  return (
    <nav className={desk.dashboard} aria-label={t('console.title')} data-testid="console-dashboard">
      {sections.map((section) => {
        const q = byKey.get(section.key);
        return (
          <button key={section.key} type="button" className={desk.tile} onClick={() => go(section.path)} data-testid={`console-${section.key}`} data-count={q?.count ?? ''}>
            <span className={desk.tileHead}>
              <strong>{t(section.titleKey)}</strong>
              {q ? (
                <span className={q.count > 0 ? desk.countBusy : desk.countEmpty} data-testid={`console-count-${section.key}`}>
                  {t('consoleDesk.waiting', { count: q.count })}
                </span>
              ) : null}
            </span>
            <small className={muted}>{t(section.descriptionKey)}</small>
            {q?.oldestAt ? <small className={desk.oldest}>{t('consoleDesk.oldest', { ago: waited(q.oldestAt, language) })}</small> : null}
          </button>
        );
      })}
    </nav>
  );
}

/** The platform console: the arbiter's (platform staff's) entry to every kind of platform work. */
export default function ConsoleScreen() {
  const t = useT();
  const gate = useGate();
  const staff = useSelector(gate, (s) => s.context.userInfo?.roles.includes('arbiter') ?? false);
  return (
    <>
      <ScreenHeader title={t('console.title')} backTo="/my" />
      <div className={screen}>
        {!staff ? (
          <p className={muted} role="alert">
            {t('console.staffOnly')}
          </p>
        ) : consoleSections.length === 0 ? (
          <p className={muted}>{t('app.empty')}</p>
        ) : (
          <Dashboard />
        )}
      </div>
    </>
  );
}
