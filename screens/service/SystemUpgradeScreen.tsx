import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useT } from '../../src/i18n/react';
import { muted, title } from '../../src/theme/ui.css';
import * as css from './service.css';
import { Icon } from '../../src/app/Icon';

export default function SystemUpgradeScreen() {
  const t = useT();
  return (
    <>
      <ScreenHeader title={t('upgrade.title')} />
      <div className={css.centre}>
        <span className={css.bigIcon}>
          <Icon name="settings" size={48} />
        </span>
        <h2 className={title}>{t('upgrade.title')}</h2>
        <p className={muted}>{t('upgrade.body')}</p>
      </div>
    </>
  );
}
