import { useId, useState } from 'react';
import { findUsers, freezeUser, unfreezeUser, type ConsoleUser } from '../../src/api/console';
import { DecisionSheet } from '../../src/app/DecisionSheet';
import { Icon } from '../../src/app/Icon';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { showToast } from '../../src/app/toasts';
import { findUserQuery, freezeInput } from '../../src/domain/schemas/accounts';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen } from '../../src/theme/ui.css';
import { Field } from '../account/Fields';
import * as css from '../account/forms.css';
import { useAccountForm } from '../account/useAccountForm';
import * as desk from './desk.css';
import { roleLabelKey } from '../../src/domain/roleLabels';

/**
 * One user found (issue 24): who they are and whether frozen; freezing (or unfreezing) sits behind the
 * row's actions menu and a confirmation saying what it does, never as a red button on every user.
 */
function UserCard({ user, onChanged }: { user: ConsoleUser; onChanged: (u: ConsoleUser) => void }) {
  const t = useT();
  const menuId = useId();
  const [reason, setReason] = useState('');
  const [menu, setMenu] = useState(false);
  const [sheet, setSheet] = useState<'freeze' | 'unfreeze' | null>(null);
  const freeze = useAccountForm(freezeInput, async (input) => {
    const updated = await freezeUser(input.userId, input.reason);
    setSheet(null);
    onChanged(updated);
    showToast(t('accounts.console.frozenDone'), 'success');
    return updated;
  });
  const unfreeze = useAccountForm(null, async () => {
    const updated = await unfreezeUser(user.id);
    setSheet(null);
    onChanged(updated);
    showToast(t('accounts.console.unfrozenDone'), 'success');
    return updated;
  });
  const choose = (next: 'freeze' | 'unfreeze') => {
    setMenu(false);
    setSheet(next);
  };
  return (
    <article className={`${card} ${desk.userRow}`} data-testid={`console-user-${user.username}`}>
      <div className={desk.userInfo}>
        <strong>{user.nickname}</strong> <span className={muted}>@{user.username} · #{user.id}</span>
        <br />
        <small className={muted}>
          {user.email ?? t('accounts.console.noEmail')} · <span data-testid="console-user-roles">{user.roles.map((r) => t(roleLabelKey(r))).join(' · ')}</span> · {user.coinLinked ? t('accounts.console.coinLinked') : t('accounts.console.emailOnly')}
        </small>
        {user.frozen && (
          <p className={css.problem} data-testid="console-user-frozen">
            {t('accounts.console.frozen', { reason: user.frozenReason ?? '' })}
          </p>
        )}
      </div>
      <div className={desk.menuWrap}>
        <button
          type="button"
          className={desk.menuButton}
          aria-label={t('consoleDesk.actionsFor', { name: user.username })}
          aria-expanded={menu}
          aria-controls={menuId}
          onClick={() => setMenu((m) => !m)}
          data-testid="console-user-menu"
        >
          <Icon name="more" />
        </button>
        {menu && (
          <div id={menuId} className={desk.menu} role="group" aria-label={t('consoleDesk.actionsFor', { name: user.username })}>
            {user.frozen ? (
              <button type="button" className={desk.menuItem} onClick={() => choose('unfreeze')} data-testid="console-unfreeze">
                {t('consoleDesk.unfreezeItem')}
              </button>
            ) : (
              <button type="button" className={`${desk.menuItem} ${desk.menuDanger}`} onClick={() => choose('freeze')} data-testid="console-freeze">
                {t('consoleDesk.freezeItem')}
              </button>
            )}
          </div>
        )}
      </div>
      <DecisionSheet
        open={sheet === 'freeze'}
        onOpenChange={(open) => setSheet(open ? 'freeze' : null)}
        title={t('accounts.console.freezeTitle', { name: user.username })}
        consequence={t('consoleDesk.freezeConsequence', { name: user.username })}
        problem={freeze.problem ? t(freeze.problem) : null}
        confirmLabel={t('accounts.console.freeze')}
        tone="danger"
        busy={freeze.submitting}
        onConfirm={() => {
          freeze.edit();
          freeze.submit({ userId: user.id, reason });
        }}
        testId="console-freeze-sheet"
      >
        <Field name={`reason-${user.id}`} label={t('accounts.console.reason')} value={reason} onChange={(e) => setReason(e.target.value)} problemField={freeze.problemField ? `reason-${user.id}` : null} data-testid="console-reason" />
      </DecisionSheet>
      <DecisionSheet
        open={sheet === 'unfreeze'}
        onOpenChange={(open) => setSheet(open ? 'unfreeze' : null)}
        title={t('accounts.console.unfreezeTitle', { name: user.username })}
        consequence={t('accounts.console.unfreezeBody')}
        problem={unfreeze.problem ? t(unfreeze.problem) : null}
        confirmLabel={t('accounts.console.unfreeze')}
        busy={unfreeze.submitting}
        onConfirm={() => {
          unfreeze.edit();
          unfreeze.submit(null);
        }}
        testId="console-unfreeze-sheet"
      />
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
