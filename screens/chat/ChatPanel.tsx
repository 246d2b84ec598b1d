import { useEffect, useRef, useState } from 'react';
import { markRead, messages as loadMessages, sendMessage } from '../../src/api/chat';
import { go } from '../../src/app/navigation';
import { showToast } from '../../src/app/toasts';
import { ImageFileInput, UploadTileList } from '../../src/app/UploadTiles';
import { useUploadQueue } from '../../src/app/uploadQueue';
import { useResource } from '../../src/app/useResource';
import { ChatLimits, specDatetime } from '../../src/domain/customerService';
import type { ConversationView, MessageView, StreamEvent, SubjectCard } from '../../src/domain/types/customerService';
import { useT } from '../../src/i18n/react';
import { Icon } from '../../src/app/Icon';
import { button, muted } from '../../src/theme/ui.css';
import * as css from './chat.css';
import { useChatStream } from './useChatStream';

const newClientId = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`);

interface Pending {
  clientId: string;
  body: string;
  failed: boolean;
  imageId?: string;
}

function Subject({ card }: { card: SubjectCard }) {
  const t = useT();
  const open = () => go(card.kind === 'product' ? `/product/detail?id=${card.id}` : card.kind === 'store' ? `/product/store?id=${card.id}` : `/mine/order/detail?id=${card.id}`);
  return (
    <button type="button" className={`${css.subject}`} onClick={open} data-testid="chat-subject" style={{ cursor: 'pointer', textAlign: 'start' }}>
      {card.imageUrl ? <img className={css.thumb} src={card.imageUrl} alt="" width={48} height={48} /> : null}
      <span className={css.grow}>
        <small className={muted}>{t(`chat.subject.${card.kind}`)}</small>
        <strong className={css.ellipsis}>{card.orderNo ? `${card.orderNo} · ${card.title}` : card.title}</strong>
        {card.amount ? <span>{card.amount} π</span> : null}
      </span>
    </button>
  );
}

/** The connection's state; `onLive` runs each time it is live again (back online: unsent messages go). */
function LiveStream({ onEvent, onLive }: { onEvent: (e: StreamEvent) => void; onLive: () => void }) {
  const t = useT();
  const state = useChatStream(onEvent);
  const mounted = useRef(false);
  useEffect(() => {
    if (state === 'live' && mounted.current) onLive();
    mounted.current = true;
  }, [state]);
  return (
    <div className={css.status} role="status" data-testid="chat-connection" data-state={state}>
      {t(`chat.connection.${state}`)}
    </div>
  );
}

/** One conversation: its subject card, the messages (live), read receipts, and the composer. */
export function ChatPanel({ conversation, className }: { conversation: ConversationView; /** Replaces the room's full-screen height (the desk's middle pane). */ className?: string }) {
  const t = useT();
  const page = useResource(() => loadMessages(conversation.id));
  const [extra, setExtra] = useState<MessageView[]>([]);
  const [pending, setPending] = useState<Pending[]>([]);
  // Messages typed while the connection was down, sent when it came back (said so on the message).
  const [resent, setResent] = useState<ReadonlySet<string>>(new Set());
  const pendingNow = useRef(pending);
  pendingNow.current = pending;
  const resending = useRef(false);
  const [otherRead, setOtherRead] = useState(conversation.otherReadUpTo);
  const [draft, setDraft] = useState('');
  const picker = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);

  const byId = new Map<string, MessageView>();
  for (const m of [...(page.data ?? []), ...extra]) byId.set(m.id, m);
  const shown = [...byId.values()].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  const acked = new Set(shown.map((m) => m.clientId));
  const waiting = pending.filter((p) => !acked.has(p.clientId));
  const lastTheirs = [...shown].reverse().find((m) => m.side !== conversation.mySide)?.id ?? null;

  useEffect(() => {
    if (lastTheirs) void markRead(conversation.id, lastTheirs).catch(() => undefined);
  }, [conversation.id, lastTheirs]);
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [shown.length, waiting.length]);

  const onEvent = (event: StreamEvent) => {
    if (event.type === 'message' && event.message.conversationId === conversation.id) setExtra((xs) => [...xs, event.message]);
    if (event.type === 'read' && event.conversationId === conversation.id && event.side !== conversation.mySide) setOtherRead(event.upTo);
  };

  const deliver = async (item: Pending, quiet = false): Promise<boolean> => {
    setPending((ps) => [...ps.filter((p) => p.clientId !== item.clientId), { ...item, failed: false }]);
    try {
      const stored = await sendMessage({ conversationId: conversation.id, clientId: item.clientId, body: item.body, ...(item.imageId ? { imageId: item.imageId } : {}) });
      setExtra((xs) => [...xs, stored]);
      return true;
    } catch (error) {
      setPending((ps) => ps.map((p) => (p.clientId === item.clientId ? { ...p, failed: true } : p)));
      if (!quiet) showToast(error instanceof Error && error.message !== 'network' ? error.message : t('chat.notSent'), 'error');
      return false;
    }
  };

  // Live again: the messages that could not be sent go now, in the order they were typed, each once
  // (its client id makes a repeat harmless on the server); the first that fails again stops the rest.
  const resendUnsent = async () => {
    if (resending.current) return;
    resending.current = true;
    try {
      for (const item of pendingNow.current.filter((p) => p.failed)) {
        setResent((ids) => new Set(ids).add(item.clientId));
        if (!(await deliver(item, true))) break;
      }
    } finally {
      resending.current = false;
    }
  };

  const submit = () => {
    const body = draft.trim();
    if (!body) return;
    setDraft('');
    void deliver({ clientId: newClientId(), body, failed: false });
  };

  // A picture shows at once above the composer with its progress; once stored it is sent as a message and
  // its tile goes. A failed one stays there with the reason and Retry (issue 24: never a bare "Upload failed").
  const uploads = useUploadQueue({
    onUploaded: (image) => {
      void deliver({ clientId: newClientId(), body: '', failed: false, imageId: image.id });
      return 'remove';
    },
  });

  return (
    <div className={className ?? css.room}>
      <LiveStream
        onEvent={onEvent}
        onLive={() => {
          page.reload(); // what arrived while it was connecting or down
          void resendUnsent();
        }}
      />
      {conversation.subject ? <Subject card={conversation.subject} /> : null}
      <div ref={list} className={css.messages} data-testid="chat-messages" aria-live="polite">
        {page.state === 'loading' && !page.data ? <p className={muted}>{t('app.loading')}</p> : null}
        {page.state === 'failed' ? (
          <button type="button" className={button({ tone: 'secondary' })} onClick={page.retry}>
            {t('app.retry')}
          </button>
        ) : null}
        {page.state === 'ready' && shown.length === 0 && waiting.length === 0 ? <p className={muted}>{t('chat.noMessages')}</p> : null}
        {shown.map((m) => {
          const mine = m.side === conversation.mySide;
          return (
            <div key={m.id} className={`${css.bubble} ${mine ? css.mine : ''}`} data-testid="chat-message" data-mine={mine}>
              {/* A message reads in its own direction: an English question in an Arabic screen keeps its question mark at its end. */}
              <span dir="auto" className={css.body}>
                {m.body}
              </span>
              {m.imageUrl ? <img className={css.image} src={m.imageUrl} alt={t('chat.image')} loading="lazy" /> : null}
              <small className={css.meta}>
                <time dateTime={m.createdAt} dir="ltr">{specDatetime(m.createdAt)}</time>
                {mine ? ` · ${BigInt(m.id) <= BigInt(otherRead) ? t('chat.read') : t('chat.sent')}` : ''}
                {mine && resent.has(m.clientId) ? ` · ${t('live.sentWhenOnline')}` : ''}
              </small>
            </div>
          );
        })}
        {waiting.map((p) => (
          <div key={p.clientId} className={`${css.bubble} ${css.mine}`} data-testid="chat-pending">
            {p.body || t('chat.image')}
            <small className={css.meta}>
              {p.failed ? (
                <button type="button" className={button({ tone: 'ghost' })} style={{ minHeight: 24, color: '#fff' }} onClick={() => void deliver(p)}>
                  {t('chat.retrySend')}
                </button>
              ) : (
                t('chat.sending')
              )}
            </small>
          </div>
        ))}
      </div>
      <div className={css.tray} data-testid="chat-uploads">
        <UploadTileList queue={uploads} testId="chat-upload" />
      </div>
      <form
        className={css.composer}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <button type="button" className={button({ tone: 'secondary' })} style={{ paddingInline: 12 }} aria-label={t('chat.attach')} aria-busy={uploads.busy} onClick={() => picker.current?.click()} data-testid="chat-attach">
          <Icon name="image" size={20} />
        </button>
        <ImageFileInput inputRef={picker} testId="chat-image" onFiles={([file]) => file && uploads.add([file])} />
        <input className={css.input} value={draft} maxLength={ChatLimits.textMax} onChange={(e) => setDraft(e.target.value)} aria-label={t('chat.placeholder')} placeholder={t('chat.placeholder')} data-testid="chat-input" />
        <button type="submit" className={button()} disabled={!draft.trim()} data-testid="chat-send">
          {t('chat.send')}
        </button>
      </form>
    </div>
  );
}
