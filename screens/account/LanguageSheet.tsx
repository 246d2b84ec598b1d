import { Radio } from '../../src/app/FormControls';
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useLanguageOptions } from '../../src/app/languageOptions';
import * as shell from '../../src/app/shell.css';
import { isLanguageCode } from '../../src/domain/languages';
import { setLanguage } from '../../src/i18n/i18n';
import { useLanguage, useT } from '../../src/i18n/react';
import { button, title } from '../../src/theme/ui.css';
import * as css from './account.css';

/** Choose one of the twelve languages; the list is the server's (SPEC 1), the choice persists. */
export function LanguageSheet({ trigger }: { trigger: ReactNode }) {
  const t = useT();
  const current = useLanguage();
  const options = useLanguageOptions();
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={shell.overlay} />
        <Dialog.Content className={shell.sheet} aria-describedby={undefined}>
          <Dialog.Title className={title}>{t('language.choose')}</Dialog.Title>
          <fieldset style={{ border: 'none', margin: 0, padding: 0 }}>
            <legend className="visually-hidden" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
              {t('language.title')}
            </legend>
            {options.map((o) => (
              <label key={o.code} className={css.option} lang={o.code} dir={o.dir}>
                <Radio
                  name="language"
                  value={o.code}
                  checked={current === o.code}
                  onChange={() => {
                    if (isLanguageCode(o.code)) void setLanguage(o.code);
                  }}
                />
                {o.nativeName}
              </label>
            ))}
          </fieldset>
          <Dialog.Close asChild>
            <button type="button" className={button({ tone: 'secondary', block: true })} style={{ marginTop: 16 }}>
              {t('app.close')}
            </button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
