import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useT } from '../../src/i18n/react';
import { card, screen } from '../../src/theme/ui.css';
import * as css from './service.css';

export function LegalText({ titleKey, bodyKey }: { titleKey: string; bodyKey: string }) {
  const t = useT();
  return (
    <>
      <ScreenHeader title={t(titleKey)} />
      <div className={screen}>
        <article className={card}>
          <p className={css.prose}>{t(bodyKey)}</p>
        </article>
      </div>
    </>
  );
}
