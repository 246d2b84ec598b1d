import { useT } from '../i18n/react';
import { muted, title } from '../theme/ui.css';
import * as css from './shell.css';

/** Outside the coin browser (and not in sandbox mode) the app only asks to be opened there. */
export function UsePiBrowser() {
  const t = useT();
  return (
    <div className={css.frame}>
      <div className={css.blocked} role="alert">
        <h1 className={title}>{t('messages.usePiBrowser')}</h1>
        <p className={muted}>{t('login.notInPiBrowser')}</p>
      </div>
    </div>
  );
}
