import { conversationDetail, openConversation } from '../../src/api/chat';
import { useScreenQuery } from '../../src/app/navigation';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import type { OpenConversationInput } from '../../src/domain/schemas/customerService';
import type { SubjectKind } from '../../src/domain/customerService';
import { useT } from '../../src/i18n/react';
import { button, muted } from '../../src/theme/ui.css';
import { ChatPanel } from './ChatPanel';
import { LoginRequired } from './LoginRequired';

/** What the query asks for: a conversation by id, or the one with a seller (about a product, store or order), or with the platform. */
function request(query: URLSearchParams, platform: boolean): { id: string } | OpenConversationInput {
  const id = query.get('id');
  if (id && !platform) return { id };
  const kind = (['product', 'store', 'order'] as const).find((k) => query.get(k));
  const subject = kind ? { kind: kind as SubjectKind, id: query.get(kind) ?? '' } : undefined;
  const seller = query.get('seller');
  if (seller && !platform) return { kind: 'seller', sellerId: seller, ...(subject ? { subject } : {}) };
  return { kind: 'platform', ...(subject ? { subject } : {}) };
}

function Room({ platform }: { platform: boolean }) {
  const t = useT();
  const query = useScreenQuery();
  const conversation = useResource(() => {
    const r = request(query, platform);
    return 'id' in r ? conversationDetail(r.id) : openConversation(r);
  });
  const c = conversation.data;
  const title = c ? c.otherName || t('chat.customerService') : t(platform ? 'chat.customerService' : 'chat.roomTitle');
  return (
    <>
      <ScreenHeader title={title} backTo="/contactorList" />
      {conversation.state === 'loading' ? <p className={muted} style={{ padding: 16 }}>{t('app.loading')}</p> : null}
      {conversation.state === 'failed' ? (
        <button type="button" className={button({ tone: 'secondary' })} style={{ margin: 16 }} onClick={conversation.retry}>
          {t('app.retry')}
        </button>
      ) : null}
      {c ? <ChatPanel key={c.id} conversation={c} /> : null}
    </>
  );
}

/** /chatRoom (?id=, or ?seller=&product=|store=|order=) and /mine/onlinecustomerservice (the platform's customer service). */
export default function ChatRoomScreen({ platform = false }: { platform?: boolean }) {
  const t = useT();
  return (
    <LoginRequired title={t(platform ? 'chat.customerService' : 'chat.roomTitle')}>
      <Room platform={platform} />
    </LoginRequired>
  );
}
