import { useState } from 'react';
import { useT } from '../../i18n/react';
import { button, listRow, listRowIcon, listRowLabel } from '../../theme/ui.css';
import { go } from '../navigation';
import { showToast } from '../toasts';
import { Icon } from '../Icon';

/** The invite code with a copy button: on the account tab and on the medals screen. */
export function InviteCodeRow({ inviteCode }: { inviteCode: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(inviteCode);
      setCopied(true);
    } catch {
      showToast(t('messages.copyFailed'), 'error');
    }
  };
  return (
    <div className={listRow}>
      <span className={listRowLabel}>
        <Icon name="gift" size={20} className={listRowIcon} />
        <span>
          {t('ambassador.inviteCode')}: <strong data-testid="account-invite-code">{inviteCode}</strong>
        </span>
      </span>
      <button type="button" className={button({ tone: 'ghost' })} onClick={() => void copy()} data-testid="copy-invite-code">
        {copied ? t('ambassador.copied') : t('ambassador.copy')}
      </button>
    </div>
  );
}

/** The account tab's entries of issue 14: daily check-in, medals, and the invite code with a copy button. */
export function CheckInEntries({ inviteCode }: { inviteCode: string }) {
  const t = useT();
  return (
    <>
      <button type="button" className={listRow} onClick={() => go('/sign')} data-testid="open-check-in">
        <span className={listRowLabel}>
          <Icon name="calendar" size={20} className={listRowIcon} />
          {t('checkIn.title')}
        </span>
        <Icon name="forward" size={18} />
      </button>
      <button type="button" className={listRow} onClick={() => go('/mine/medal/index')} data-testid="open-medals">
        <span className={listRowLabel}>
          <Icon name="medal" size={20} className={listRowIcon} />
          {t('ambassador.medals')}
        </span>
        <Icon name="forward" size={18} />
      </button>
      <InviteCodeRow inviteCode={inviteCode} />
    </>
  );
}
