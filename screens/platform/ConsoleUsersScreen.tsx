import { useState } from 'react';
import { findUsers, freezeUser, unfreezeUser, type ConsoleUser } from '../../src/api/console';
import { ConfirmDialog } from '../../src/app/ConfirmDialog';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { showToast } from '../../src/app/toasts';
import { findUserQuery, freezeInput } from '../../src/domain/schemas/accounts';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen } from '../../src/theme/ui.css';
import { Field, Problem } from '../account/Fields';
import * as css from '../account/forms.css';
import { useAccountForm } from '../account/useAccountForm';

function UserCard({ user, onChanged }: { user: ConsoleUser; onChanged: (u: ConsoleUser) => void }) {
  const t = useT();
  const [reason, setReason] = useState('');
  const freeze = useAccountForm(freezeInput, async (input) => {
    const updated = await freezeUser(input.userId, input.reason);
    onChanged(updated);
    showToast(t('accounts.console.frozenDone'), 'success');
    return updated;
  });
  const unfreeze = useAccountForm(null, async () => {
    const updated = await unfreezeUser(user.id);
    onChanged(updated);
    showToast(t('accounts.console.unfrozenDone'), 'success');
    return updated;
  });
  return (
    <article className={`${card} ${css.form}`} data-testid={`console-user-${user.username}`}>
      <div>
        <strong>{user.nickname}</strong> <span className={muted}>@{user.username} · #{user.id}</span>
        <br />
        <small className={muted}>
          {user.email ?? t('accounts.console.noEmail')} · {user.roles.join(', ')} · {user.coinLinked ? t('accounts.console.coinLinked') : t('accounts.console.emailOnly')}
        </small>
      </div>
      {user.frozen ? (
        <>
          <p className={css.problem} data-testid="console-user-frozen">
            {t('accounts.console.frozen', { reason: user.frozenReason ?? '' })}
          </p>
          <ConfirmDialog
            trigger={
              <button type="button" className={button({ tone: 'secondary' })} disabled={unfreeze.submitting} data-testid="console-unfreeze">
                {t('accounts.console.unfreeze')}
              </button>
            }
            title={t('accounts.console.unfreezeTitle', { name: user.username })}
            body={t('accounts.console.unfreezeBody')}
            confirmLabel={t('accounts.console.unfreeze')}
            onConfirm={() => {
              unfreeze.edit();
              unfreeze.submit(null);
            }}
          />
        </>
      ) : (
        <>
          <Field name={`reason-${user.id}`} label={t('accounts.console.reason')} value={reason} onChange={(e) => setReason(e.target.value)} problemField={freeze.problemField ? `reason-${user.id}` : null} data-testid="console-reason" />
          <Problem problem={freeze.problem} />
          <ConfirmDialog
            trigger={
              <button type="button" className={button({ tone: 'danger' })} disabled={freeze.submitting} data-testid="console-freeze">
                {t('accounts.console.freeze')}
              </button>
            }
            title={t('accounts.console.freezeTitle', { name: user.username })}
            body={t('accounts.console.freezeBody')}
            confirmLabel={t('accounts.console.freeze')}
            tone="danger"
            onConfirm={() => {
              freeze.edit();
              freeze.submit({ userId: user.id, reason });
            }}
          />
        </>
      )}
    </article>
  );
}

/** Console · users: find a user by username, e-mail or id; freeze with a reason, unfreeze. */
export default function ConsoleUsersScreen() {
  const t = useT();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<ConsoleUser[] | null>(null);
  const search = useAccountForm(findUserQuery, async (input) => {
    const answer = await findUsers(input.q);
    setFound(answer.list);
    return answer;
  });
  return (
    <>
      <ScreenHeader title={t('accounts.console.usersTitle')} backTo="/platform/console" />
      <div className={screen}>
        <form
          className={`${card} ${css.form}`}
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            search.edit();
            search.submit({ q });
          }}
        >
          <Field
            name="q"
            type="search"
            label={t('accounts.console.find')}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            problemField={search.problemField}
            extra={
              <button type="submit" className={button()} disabled={search.submitting} data-testid="console-find">
                {t('accounts.console.search')}
              </button>
            }
          />
        </form>
        {found !== null && found.length === 0 && <p className={muted}>{t('accounts.console.none')}</p>}
        {found?.map((u) => <UserCard key={u.id} user={u} onChanged={(next) => setFound((list) => list?.map((x) => (x.id === next.id ? next : x)) ?? null)} />)}
      </div>
    </>
  );
}
