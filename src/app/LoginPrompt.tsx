import { useT } from '../i18n/react';
import { muted, screen } from '../theme/ui.css';
import { LoginPanel } from './LoginPanel';

/** What a visitor sees on a screen that needs a session (the Publish tab): the login entry in the shell, never a blank page. */
export default function LoginPrompt() {
  const t = useT();
  return (
    <div className={screen} data-testid="login-prompt">
      <p className={muted} style={{ textAlign: 'center' }}>
        {t('journey.loginToContinue')}
      </p>
      <LoginPanel />
    </div>
  );
}
