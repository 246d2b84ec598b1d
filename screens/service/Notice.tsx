import { go } from '../../src/app/navigation';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useT } from '../../src/i18n/react';
import { button, muted } from '../../src/theme/ui.css';
import * as css from './service.css';
import { Icon, type IconName } from '../../src/app/Icon';

/** A full-screen notice with a way home. */
export function Notice({ icon, textKey }: { icon: IconName; textKey: string }) {
  const t = useT();
  return (
    <>
      <ScreenHeader title={t('app.name')} />
      <div className={css.centre}>
        <span className={css.bigIcon}>
          <Icon name={icon} size={48} />
        </span>
        <p className={muted}>{t(textKey)}</p>
        <button type="button" className={button({ tone: 'secondary' })} onClick={() => go('/index')}>
          {t('app.goHome')}
        </button>
      </div>
    </>
  );
}
