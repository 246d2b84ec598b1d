import { Fragment, useEffect, useRef, useState } from 'react';
import { markRead, messages as loadMessages, sendMessage } from '../../src/api/chat';
import { retryNow } from '../../src/app/live/channel';
import { go } from '../../src/app/navigation';
import { showToast } from '../../src/app/toasts';
import { ImageFileInput, UploadTileList } from '../../src/app/UploadTiles';
import { useUploadQueue } from '../../src/app/uploadQueue';
import { useResource } from '../../src/app/useResource';
import { ChatLimits } from '../../src/domain/customerService';
import type { ConversationView, MessageView, StreamEvent, SubjectCard } from '../../src/domain/types/customerService';
import { useLanguage, useT } from '../../src/i18n/react';
import { Icon } from '../../src/app/Icon';
import { Bdi, Ltr } from '../../src/app/Isolate';
import { button, muted } from '../../src/theme/ui.css';
import * as css from './chat.css';
import { QuickReplies } from './QuickReplies';
import { useChatStream } from './useChatStream';
import { Money } from '../../src/app/Money';

const newClientId = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`);

interface Pending {
  clientId: string;
  body: string;
  failed: boolean;
  imageId?: string;
}

/**
 * The order, product or store a chat is about, as a card that opens it (issue 37, finding 5): the cover at the
 * catalogue's card size, the name, an order's variant × quantity (and how many other lines), and the price or total.
 * The seller opens an order on the seller's side.
 */
function Subject({ card, sellerSide }: { card: SubjectCard; sellerSide: boolean }) {
  const t = useT();
  const to = card.kind === 'product' ? `/product/detail?id=${card.id}` : card.kind === 'store' ? `/product/store?id=${card.id}` : sellerSide ? `/mine/seller/order-detail?id=${card.id}` : `/mine/order/detail?id=${card.id}`;
  return (
    <button type="button" className={css.subject} onClick={() => go(to)} data-testid="chat-subject" data-kind={card.kind} style={{ cursor: 'pointer', textAlign: 'start' }}>
      {card.imageUrl ? <img className={css.subjectThumb} src={card.imageUrl} alt="" width={64} height={64} data-testid="chat-subject-image" /> : <span className={css.subjectThumb} aria-hidden="true" />}
      <span className={css.grow}>
        <small className={muted}>
          {t(`chat.subject.${card.kind}`)}
          {card.orderNo ? (
            <>
              {' · '}
              <Ltr>{card.orderNo}</Ltr>
            </>
          ) : null}
        </small>
        <strong className={css.ellipsis} dir="auto" data-testid="chat-subject-title">
          {card.title}
        </strong>
        {card.line ? (
          <small className={`${muted} ${css.ellipsis}`} data-testid="chat-subject-line">
            {card.line.variant ? <Bdi>{card.line.variant}</Bdi> : null} <Ltr>× {card.line.quantity}</Ltr>
          </small>
        ) : null}
        {card.moreLines > 0 ? <small className={muted}>{t('buyerOrders.list.moreItems', { count: card.moreLines })}</small> : null}
      </span>
      {card.amount ? (
        <span className={css.subjectAmount} data-testid="chat-subject-amount">
          <Money amount={card.amount} />
        </span>
      ) : null}
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
    // Said aloud always, shown only when something is wrong (issue 37, finding 5): no permanent "Connected" strip.
    // While it waits to reconnect (the wait doubles up to 30 s), the person can try at once.
    <div className={state === 'live' ? css.statusQuiet : css.status} data-testid="chat-connection" data-state={state}>
      <span role="status">{t(`chat.connection.${state}`)}</span>
      {state === 'reconnecting' ? (
        <button type="button" className={css.statusAction} onClick={retryNow} data-testid="chat-reconnect">
          {t('app.retry')}
        </button>
      ) : null}
    </div>
  );
}

/** The local calendar day of a moment, as a key. */
const dayKey = (iso: string) => new Date(iso).toDateString();

/** A day's heading in the reader's language: "Today", "Yesterday", else the date (issue 37, finding 5). */
function dayLabel(iso: string, language: string, now = new Date()): string {
  const day = new Date(iso);
  const days = Math.round((new Date(now.toDateString()).getTime() - new Date(day.toDateString()).getTime()) / 86_400_000);
  if (days === 0 || days === 1) {
    const word = new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-days, 'day');
    return word.charAt(0).toLocaleUpperCase(language) + word.slice(1);
  }
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(day);
}

/** One conversation: its subject card, the messages (live), read receipts, and the composer. */
export function ChatPanel({ conversation, className }: { conversation: ConversationView; /** Replaces the room's full-screen height (the desk's middle pane). */ className?: string }) {
  const t = useT();
  const language = useLanguage();
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
  const input = useRef<HTMLInputElement>(null);
  // The seller in a chat with a buyer has quick replies; a buyer (and the platform's desk) does not.
  const sellerSide = conversation.kind === 'seller' && conversation.mySide === 'counterpart';
  // A picked quick reply goes into the message box (after what is there), to be read before Send.
  const pickQuickReply = (text: string) => {
    setDraft((d) => (d.trim() ? `${d.trimEnd()} ${text}` : text).slice(0, ChatLimits.textMax));
  };

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
      {conversation.subject ? <Subject card={conversation.subject} sellerSide={sellerSide} /> : null}
      {/* A log the keyboard can scroll (issue 33, finding 11): focusable, named, announced as messages arrive. */}
      <div ref={list} className={css.messages} data-testid="chat-messages" role="log" aria-live="polite" tabIndex={0} aria-label={t('chat.listTitle')}>
        {page.state === 'loading' && !page.data ? <p className={muted}>{t('app.loading')}</p> : null}
        {page.state === 'failed' ? (
          <button type="button" className={button({ tone: 'secondary' })} onClick={page.retry}>
            {t('app.retry')}
          </button>
        ) : null}
        {page.state === 'ready' && shown.length === 0 && waiting.length === 0 ? <p className={muted}>{t('chat.noMessages')}</p> : null}
        {shown.map((m, i) => {
          const mine = m.side === conversation.mySide;
          const newDay = i === 0 || dayKey(shown[i - 1]?.createdAt ?? '') !== dayKey(m.createdAt);
          return (
            <Fragment key={m.id}>
            {newDay ? (
              <p className={css.day} data-testid="chat-day">
                {dayLabel(m.createdAt, language)}
              </p>
            ) : null}
            <div className={`${css.bubble} ${mine ? css.mine : ''}`} data-testid="chat-message" data-mine={mine}>
              {/* A message reads in its own direction: an English question in an Arabic screen keeps its question mark at its end. */}
              <span dir="auto" className={css.body}>
                {m.body}
              </span>
              {m.imageUrl ? <img className={css.image} src={m.imageUrl} alt={t('chat.image')} loading="lazy" /> : null}
              <small className={css.meta}>
                <time dateTime={m.createdAt} dir="ltr" data-testid="chat-time">
                  {new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(new Date(m.createdAt))}
                </time>
                {mine ? ` · ${BigInt(m.id) <= BigInt(otherRead) ? t('chat.read') : t('chat.sent')}` : ''}
                {mine && resent.has(m.clientId) ? ` · ${t('live.sentWhenOnline')}` : ''}
              </small>
            </div>
            </Fragment>
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
        {sellerSide ? <QuickReplies draft={draft} onPick={pickQuickReply} focusDraft={() => input.current?.focus()} /> : null}
        <input ref={input} className={css.input} value={draft} maxLength={ChatLimits.textMax} onChange={(e) => setDraft(e.target.value)} aria-label={t('chat.placeholder')} placeholder={t('chat.placeholder')} data-testid="chat-input" dir="auto" />
        <button type="submit" className={button()} disabled={!draft.trim()} data-testid="chat-send">
          {t('chat.send')}
        </button>
      </form>
    </div>
  );
}
