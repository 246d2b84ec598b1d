import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useGate } from '../../src/app/gateContext';
import { LoginPanel } from '../../src/app/LoginPanel';
import { go, takeReturn } from '../../src/app/navigation';
import { useT } from '../../src/i18n/react';
import { button, screen } from '../../src/theme/ui.css';
import { LanguageSheet } from './LanguageSheet';
import { Icon } from '../../src/app/Icon';

/** /new-my: the login entry. Once logged in, back to the page that asked for the login (src/app/returnTo.ts), else the account tab. */
export default function LoginEntryScreen() {
  const t = useT();
  const gate = useGate();
  const loggedIn = useSelector(gate, (s) => s.matches('loggedIn'));
  useEffect(() => {
    if (loggedIn) go(takeReturn() ?? '/my', { replace: true });
  }, [loggedIn]);
  return (
    <div className={screen}>
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <LanguageSheet
          trigger={
            <button type="button" className={button({ tone: 'ghost' })} data-testid="language-button">
              <Icon name="globe" size={18} /> {t('language.title')}
            </button>
          }
        />
      </div>
      <LoginPanel />
    </div>
  );
}
