import { useEffect, useRef, useState } from 'react';
import { addQuickReply, deleteQuickReply, quickReplies } from '../../src/api/chat';
import { Icon } from '../../src/app/Icon';
import { Sheet } from '../../src/app/Sheet';
import { QuickReplyLimits } from '../../src/domain/customerService';
import { quickReplyProblem } from '../../src/domain/schemas/customerService';
import type { QuickReplyView } from '../../src/domain/types/customerService';
import { useT } from '../../src/i18n/react';
import { button, muted } from '../../src/theme/ui.css';
import * as css from './chat.css';

/**
 * A seller's quick replies in a chat (issue 37, finding 5): the button beside the message box opens a sheet of
 * the replies the seller saved (kept on the server, the same on every device). Tapping one puts it in the message
 * box, to be read and changed before *Send*; never sent at once. The sheet also saves what is typed as a new reply
 * (checked with the server's own schema first) and deletes one.
 */
export function QuickReplies({ draft, onPick, focusDraft }: { draft: string; onPick: (text: string) => void; /** Focus the message box (after a pick, instead of the button). */ focusDraft: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [replies, setReplies] = useState<QuickReplyView[] | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const picked = useRef(false);
  // Said to a screen reader inside the sheet; the list itself shows the change (a toast would sit behind the sheet).
  const [said, setSaid] = useState('');

  const load = () => {
    setState('loading');
    quickReplies()
      .then((list) => {
        setReplies(list);
        setState('idle');
      })
      .catch(() => setState('failed'));
  };
  useEffect(() => {
    if (open) {
      setProblem(null);
      load();
    }
  }, [open]);

  const save = async () => {
    const local = quickReplyProblem(draft);
    if (local) return setProblem(t(local, { max: QuickReplyLimits.textMax }));
    if ((replies?.length ?? 0) >= QuickReplyLimits.perSeller) return setProblem(t('chat.quick.problems.full', { max: QuickReplyLimits.perSeller }));
    setBusy(true);
    try {
      setReplies(await addQuickReply(draft.trim()));
      setProblem(null);
      setSaid(t('chat.quick.saved'));
    } catch (error) {
      // The server's own words (already saved, the list is full), else the shell already said what went wrong.
      if (error instanceof Error && error.message !== 'network') setProblem(error.message);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (reply: QuickReplyView) => {
    setBusy(true);
    try {
      setReplies(await deleteQuickReply(reply.id));
      setSaid(t('chat.quick.removed'));
    } catch {
      // The shell said why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet
      open={open}
      onOpenChange={setOpen}
      side="auto"
      testId="quick-replies"
      onCloseAutoFocus={(event) => {
        // After a pick the person reads and sends the message: focus goes to the message box.
        if (!picked.current) return;
        picked.current = false;
        event.preventDefault();
        focusDraft();
      }}
      title={t('chat.quick.open')}
      description={t('chat.quick.description')}
      trigger={
        <button type="button" className={button({ tone: 'secondary' })} style={{ paddingInline: 12 }} aria-label={t('chat.quick.open')} data-testid="quick-replies-open">
          <Icon name="bolt" size={20} />
        </button>
      }
      footer={
        <button type="button" className={button()} disabled={busy} onClick={() => void save()} data-testid="quick-reply-save">
          <Icon name="plus" size={18} /> {t('chat.quick.saveCurrent')}
        </button>
      }
    >
      <p className={css.statusQuiet} role="status" data-testid="quick-reply-said">
        {said}
      </p>
      {problem ? (
        <p className={css.problem} role="alert" data-testid="quick-reply-problem">
          {problem}
        </p>
      ) : null}
      {state === 'loading' && replies === null ? <p className={muted}>{t('app.loading')}</p> : null}
      {state === 'failed' ? (
        <button type="button" className={button({ tone: 'secondary' })} onClick={load} data-testid="quick-replies-retry">
          {t('app.retry')}
        </button>
      ) : null}
      {replies !== null && replies.length === 0 ? (
        <p className={muted} data-testid="quick-replies-empty">
          {t('chat.quick.empty')}
        </p>
      ) : null}
      {replies !== null && replies.length > 0 ? (
        <ul className={css.quickList} data-testid="quick-reply-list">
          {replies.map((reply) => (
            <li key={reply.id} className={css.quickRow}>
              <button
                type="button"
                className={css.quickPick}
                dir="auto"
                onClick={() => {
                  onPick(reply.body);
                  picked.current = true;
                  setOpen(false);
                }}
                data-testid="quick-reply"
              >
                {reply.body}
              </button>
              <button type="button" className={css.quickDelete} disabled={busy} aria-label={t('chat.quick.remove', { text: reply.body.length > 40 ? `${reply.body.slice(0, 40)}…` : reply.body })} onClick={() => void remove(reply)} data-testid="quick-reply-delete">
                <Icon name="trash" size={18} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className={muted} style={{ fontSize: 13 }}>
        {t('chat.quick.limit', { max: QuickReplyLimits.perSeller, chars: QuickReplyLimits.textMax })}
      </p>
    </Sheet>
  );
}
