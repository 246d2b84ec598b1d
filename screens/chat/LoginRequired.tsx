import type { ReactNode } from 'react';
import { LoginFirst } from '../../src/app/LoginPanel';
import { go } from '../../src/app/navigation';
import { logInAndComeBack } from '../../src/app/returnTo';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useT } from '../../src/i18n/react';
import { button, card, muted } from '../../src/theme/ui.css';

/** SPEC lists the chat and work-order routes as public: a visitor sees them and is asked to log in (src/app's LoginFirst decides). */
export function LoginRequired({ children, title }: { children: ReactNode; title?: string }) {
  const t = useT();
  return (
    <LoginFirst
      visitor={
        <>
          {title ? <ScreenHeader title={title} /> : null}
          <div className={card} style={{ margin: 16, display: 'grid', gap: 12 }}>
            <p className={muted}>{t('messages.loginFirst')}</p>
            <button type="button" className={button()} onClick={logInAndComeBack}>
              {t('chat.logIn')}
            </button>
          </div>
        </>
      }
    >
      {children}
    </LoginFirst>
  );
}
