import { useSelector } from '@xstate/react';
import { listNotices } from '../../src/api/accounts';
import { useGate } from '../../src/app/gateContext';
import { go } from '../../src/app/navigation';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { useLanguage, useT } from '../../src/i18n/react';
import { button, card, listRow, muted, screen, skeleton } from '../../src/theme/ui.css';
import * as css from './forms.css';
import { Icon } from '../../src/app/Icon';
import { shortDate } from '../../src/domain/dates';
import EmptyState from '../../src/app/EmptyState';

/** /mine/notice: the platform's notices, newest first, with unread marks for a logged-in user. */
export default function NoticeListScreen() {
  const t = useT();
  const language = useLanguage();
  const gate = useGate();
  const loggedIn = useSelector(gate, (s) => s.context.session !== null);
  const notices = useResource(() => listNotices(loggedIn));
  return (
    <>
      <ScreenHeader title={t('accounts.notice.title')} backTo="/my" />
      <div className={screen}>
        {notices.state === 'loading' ? (
          <>
            <div className={skeleton} style={{ height: 48 }} />
            <div className={skeleton} style={{ height: 48 }} />
            <div className={skeleton} style={{ height: 48 }} />
          </>
        ) : notices.state === 'failed' ? (
          <button type="button" className={button({ tone: 'secondary' })} onClick={notices.retry}>
            {t('app.retry')}
          </button>
        ) : !notices.data || notices.data.list.length === 0 ? (
          <EmptyState icon="bell" text={t('accounts.notice.empty')} testId="notices-empty" action={{ label: t('app.goHome'), onClick: () => go('/index') }} />
        ) : (
          <nav className={card} style={{ padding: 0, overflow: 'hidden' }} aria-label={t('accounts.notice.title')}>
            {notices.data.list.map((n) => (
              <button key={n.id} type="button" className={listRow} onClick={() => go(`/mine/noticedetail?id=${n.id}`)} data-testid={`notice-${n.id}`} data-read={n.read}>
                <span>
                  {!n.read && <span className={css.badge} role="img" aria-label={t('accounts.notice.unread')} />}
                  <strong>{n.title}</strong>
                  <br />
                  <small className={muted}>{shortDate(n.createdAt, language)}</small>
                </span>
                <Icon name="forward" size={18} />
              </button>
            ))}
          </nav>
        )}
        {notices.state === 'ready' && (
          <button type="button" className={button({ tone: 'ghost' })} onClick={notices.reload}>
            {t('accounts.notice.refresh')}
          </button>
        )}
      </div>
    </>
  );
}
