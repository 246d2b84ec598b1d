import { useSelector } from '@xstate/react';
import { noticeDetail } from '../../src/api/accounts';
import { useGate } from '../../src/app/gateContext';
import { useScreenQuery } from '../../src/app/navigation';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { useLanguage, useT } from '../../src/i18n/react';
import { button, card, muted, screen, skeleton, title } from '../../src/theme/ui.css';
import { shortDate } from '../../src/domain/dates';

/** /mine/noticedetail?id=: one notice; opening it marks it read for a logged-in user. */
export default function NoticeDetailScreen() {
  const t = useT();
  const language = useLanguage();
  const gate = useGate();
  const loggedIn = useSelector(gate, (s) => s.context.session !== null);
  const id = useScreenQuery().get('id') ?? '';
  const notice = useResource(() => noticeDetail(loggedIn, id));
  return (
    <>
      <ScreenHeader title={t('accounts.notice.title')} backTo="/mine/notice" />
      <div className={screen}>
        {notice.state === 'loading' ? (
          <div className={skeleton} style={{ height: 200 }} />
        ) : notice.state === 'failed' || !notice.data ? (
          <button type="button" className={button({ tone: 'secondary' })} onClick={notice.retry}>
            {t('app.retry')}
          </button>
        ) : (
          <article className={card} data-testid="notice-detail">
            <h2 className={title}>{notice.data.title}</h2>
            <p className={muted}>{shortDate(notice.data.createdAt, language)}</p>
            <p style={{ whiteSpace: 'pre-wrap', lineHeight: 1.6 }}>{notice.data.body}</p>
          </article>
        )}
      </div>
    </>
  );
}
