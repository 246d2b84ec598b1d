import { conversations } from '../../src/api/chat';
import { go } from '../../src/app/navigation';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { specDatetime } from '../../src/domain/customerService';
import type { ConversationView } from '../../src/domain/types/customerService';
import { useT } from '../../src/i18n/react';
import { button, muted, ownDirection } from '../../src/theme/ui.css';
import * as css from './chat.css';
import { LoginRequired } from './LoginRequired';

export function ConversationRow({ c, onOpen }: { c: ConversationView; onOpen: () => void }) {
  const t = useT();
  const name = c.otherName || t('chat.customerService');
  const last = c.lastMessage;
  return (
    <button type="button" className={css.row} onClick={onOpen} data-testid="conversation">
      {c.otherAvatar ? <img className={css.avatar} src={c.otherAvatar} alt="" width={40} height={40} /> : <span className={css.avatar} aria-hidden="true">{name.slice(0, 1).toUpperCase()}</span>}
      <span className={css.grow}>
        <strong className={css.ellipsis}>{name}</strong>
        {/* The last message in its own direction, aligned with the row: an English message in Arabic loses its end, not its start. */}
        <small className={`${muted} ${css.ellipsis} ${ownDirection}`} dir="auto">
          {last ? last.body || t('chat.image') : c.subject?.title ?? t('chat.noMessages')}
        </small>
      </span>
      <span style={{ display: 'grid', justifyItems: 'end', gap: 4 }}>
        {last ? (
          <small className={muted} dir="ltr">
            {specDatetime(last.createdAt).slice(5, 16)}
          </small>
        ) : null}
        {c.unread > 0 ? (
          <span className={css.badge} data-testid="conversation-unread" aria-label={t('chat.unread', { count: c.unread })}>
            {c.unread > 99 ? '99+' : c.unread}
          </span>
        ) : null}
      </span>
    </button>
  );
}

function Conversations() {
  const t = useT();
  const list = useResource(conversations);
  return (
    <div>
      <button type="button" className={css.row} onClick={() => go('/mine/onlinecustomerservice')} data-testid="contact-platform">
        <span className={css.avatar} aria-hidden="true">?</span>
        <span className={css.grow}>
          <strong>{t('chat.customerService')}</strong>
          <small className={muted}>{t('chat.customerServiceHint')}</small>
        </span>
      </button>
      {list.state === 'failed' ? (
        <button type="button" className={button({ tone: 'secondary' })} onClick={list.retry}>
          {t('app.retry')}
        </button>
      ) : null}
      {list.state === 'ready' && (list.data ?? []).length === 0 ? <p className={muted} style={{ padding: 16 }}>{t('chat.noConversations')}</p> : null}
      {(list.data ?? [])
        .filter((c) => c.kind === 'seller' || c.mySide === 'buyer')
        .map((c) => (
          <ConversationRow key={c.id} c={c} onOpen={() => go(`/chatRoom?id=${c.id}`)} />
        ))}
    </div>
  );
}

/** /contactorList: the person's conversations, newest first, each with its unread count (live). */
export default function ContactListScreen() {
  const t = useT();
  return (
    <>
      <ScreenHeader title={t('chat.listTitle')} backTo="/mine/customerService" />
      <LoginRequired>
        <Conversations />
      </LoginRequired>
    </>
  );
}
