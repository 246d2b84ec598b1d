import { useSelector } from '@xstate/react';
import { useGate } from '../../src/app/gateContext';
import { go } from '../../src/app/navigation';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useT } from '../../src/i18n/react';
import { card, listRow, muted, screen } from '../../src/theme/ui.css';
import { consoleSections } from './sections';
import { Icon } from '../../src/app/Icon';

/** The platform console: the arbiter's (platform staff's) entry to every kind of platform work. */
export default function ConsoleScreen() {
  const t = useT();
  const gate = useGate();
  const staff = useSelector(gate, (s) => s.context.userInfo?.roles.includes('arbiter') ?? false);
  return (
    <>
      <ScreenHeader title={t('console.title')} backTo="/my" />
      <div className={screen}>
        {!staff ? (
          <p className={muted} role="alert">
            {t('console.staffOnly')}
          </p>
        ) : consoleSections.length === 0 ? (
          <p className={muted}>{t('app.empty')}</p>
        ) : (
          <nav className={card} style={{ padding: 0, overflow: 'hidden' }} aria-label={t('console.title')}>
            {consoleSections.map((section) => (
              <button key={section.key} type="button" className={listRow} onClick={() => go(section.path)} data-testid={`console-${section.key}`}>
                <span>
                  <strong>{t(section.titleKey)}</strong>
                  <br />
                  <small className={muted}>{t(section.descriptionKey)}</small>
                </span>
                <Icon name="forward" size={18} />
              </button>
            ))}
          </nav>
        )}
      </div>
    </>
  );
}
