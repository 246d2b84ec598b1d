import { useT } from '../i18n/react';
import { back } from './navigation';
import * as css from './shell.css';

/** The header of a pushed screen: a back button and the title. */
export function ScreenHeader({ title, backTo }: { title: string; backTo?: string }) {
  const t = useT();
  return (
    <header className={css.header}>
      <button type="button" className={css.backButton} aria-label={t('app.back')} onClick={() => back(backTo)}>
        ‹
      </button>
      <h1 className={css.headerTitle}>{title}</h1>
      <span />
    </header>
  );
}
