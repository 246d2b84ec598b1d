import type { ReactNode } from 'react';
import { useT } from '../i18n/react';
import { LazyIcon } from './LazyIcon';
import { back } from './navigation';
import * as css from './shell.css';

/** The header of a pushed screen: a back button, the title, and an optional action at the end (the cart). */
export function ScreenHeader({ title, backTo, end }: { title: string; backTo?: string; end?: ReactNode }) {
  const t = useT();
  return (
    <header className={css.header}>
      <button type="button" className={css.backButton} aria-label={t('app.back')} onClick={() => back(backTo)}>
        <LazyIcon name="back" size={24} />
      </button>
      <h1 className={css.headerTitle}>{title}</h1>
      {end ?? <span />}
    </header>
  );
}
