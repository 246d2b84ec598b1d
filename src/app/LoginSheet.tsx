import { useT } from '../i18n/react';
import { LoginPanel } from './LoginPanel';
import { Sheet } from './Sheet';

/**
 * The one login sheet (issue 33), over the page that asked for a session: Buy now, the cart or the checkout
 * as a visitor, collect, follow. It stays until the person logs in or closes it; its first tap logs in
 * (nothing replaces it while it is open, and no toast covers it).
 */
export default function LoginSheet({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <Sheet open onOpenChange={(open) => (open ? undefined : onClose())} title={t('journey.loginToContinue')} testId="login-sheet">
      <LoginPanel />
    </Sheet>
  );
}
