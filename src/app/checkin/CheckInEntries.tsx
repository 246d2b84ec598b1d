import { useState } from 'react';
import { useT } from '../../i18n/react';
import { button, listRow } from '../../theme/ui.css';
import { go } from '../navigation';
import { showToast } from '../toasts';
import { Icon } from '../Icon';

/** The account tab's entries of issue 14: daily check-in, medals, and the invite code with a copy button. */
export function CheckInEntries({ inviteCode }: { inviteCode: string }) {
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
    <>
      <button type="button" className={listRow} onClick={() => go('/sign')} data-testid="open-check-in">
        <span>{t('checkIn.title')}</span>
        <Icon name="forward" size={18} />
      </button>
      <button type="button" className={listRow} onClick={() => go('/mine/medal/index')} data-testid="open-medals">
        <span>{t('ambassador.medals')}</span>
        <Icon name="forward" size={18} />
      </button>
      <div className={listRow}>
        <span>
          {t('ambassador.inviteCode')}: <strong data-testid="account-invite-code">{inviteCode}</strong>
        </span>
        <button type="button" className={button({ tone: 'ghost' })} onClick={() => void copy()} data-testid="copy-invite-code">
          {copied ? t('ambassador.copied') : t('ambassador.copy')}
        </button>
      </div>
    </>
  );
}
