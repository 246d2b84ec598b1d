import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { userCustom } from '../../src/api/accounts';
import { useGate } from '../../src/app/gateContext';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { showToast } from '../../src/app/toasts';
import { userCustomInput } from '../../src/domain/schemas/accounts';
import { gradientCss, gradientDirections, gradientStopsMax, parseGradient, type Gradient } from '../../src/domain/schemas/accountsGradient';
import { Limits } from '../../src/domain/constants';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen } from '../../src/theme/ui.css';
import { Problem } from './Fields';
import * as css from './forms.css';
import { useAccountForm } from './useAccountForm';

const arrows: Record<Gradient['direction'], string> = { top: '↑', topRight: '↗', right: '→', bottomRight: '↘', bottom: '↓', bottomLeft: '↙', left: '←', topLeft: '↖' };
const starter: Gradient = { type: 'linear', direction: 'bottom', colours: ['#7a3ff2', '#f5a524'] };

/** /mine/customcolor: a gradient of 2 to 5 colours, linear or radial, 8 directions, previewed live, saved to the account. */
export default function CustomColorScreen() {
  const t = useT();
  const gate = useGate();
  const saved = useSelector(gate, (s) => s.context.userInfo?.customColour ?? null);
  const [gradient, setGradient] = useState<Gradient>(() => parseGradient(saved) ?? starter);
  const form = useAccountForm(userCustomInput, async (input) => {
    const info = await userCustom(input.customColour);
    gate.send({ type: 'USER_UPDATED', userInfo: info });
    showToast(t('accounts.saved'), 'success');
    return info;
  });
  const save = (value: Gradient | null) => {
    form.edit();
    form.submit({ customColour: value });
  };
  const setColour = (i: number, colour: string) => setGradient((g) => ({ ...g, colours: g.colours.map((c, j) => (j === i ? colour : c)) }));
  return (
    <>
      <ScreenHeader title={t('accounts.colour.title')} backTo="/my" />
      <div className={screen}>
        <div className={css.preview} style={{ background: gradientCss(gradient) }} data-testid="colour-preview" role="img" aria-label={t('accounts.colour.preview')} />
        <section className={`${card} ${css.form}`}>
          <fieldset style={{ border: 'none', padding: 0, margin: 0 }}>
            <legend className={css.label}>{t('accounts.colour.type')}</legend>
            <div className={css.chips} style={{ gridTemplateColumns: '1fr 1fr' }}>
              {(['linear', 'radial'] as const).map((type) => (
                <button key={type} type="button" className={css.chip} aria-pressed={gradient.type === type} onClick={() => setGradient((g) => ({ ...g, type }))} data-testid={`colour-type-${type}`}>
                  {t(`accounts.colour.${type}`)}
                </button>
              ))}
            </div>
          </fieldset>
          <fieldset style={{ border: 'none', padding: 0, margin: 0 }}>
            <legend className={css.label}>{t('accounts.colour.direction')}</legend>
            <div className={css.chips}>
              {gradientDirections.map((direction) => (
                <button
                  key={direction}
                  type="button"
                  className={css.chip}
                  aria-pressed={gradient.direction === direction}
                  aria-label={t(`accounts.colour.directions.${direction}`)}
                  onClick={() => setGradient((g) => ({ ...g, direction }))}
                  data-testid={`colour-direction-${direction}`}
                >
                  {arrows[direction]}
                </button>
              ))}
            </div>
          </fieldset>
          <fieldset style={{ border: 'none', padding: 0, margin: 0 }}>
            <legend className={css.label}>{t('accounts.colour.colours', { min: String(Limits.gradientColoursMin), max: String(gradientStopsMax) })}</legend>
            <div className={css.swatches}>
              {gradient.colours.map((colour, i) => (
                <input
                  key={i}
                  type="color"
                  className={css.colour}
                  value={colour}
                  aria-label={t('accounts.colour.colourN', { n: String(i + 1) })}
                  onChange={(e) => setColour(i, e.target.value)}
                  data-testid={`colour-${i}`}
                />
              ))}
              <button
                type="button"
                className={button({ tone: 'secondary' })}
                disabled={gradient.colours.length >= gradientStopsMax}
                onClick={() => setGradient((g) => ({ ...g, colours: [...g.colours, '#ffffff'] }))}
                aria-label={t('accounts.colour.add')}
                data-testid="colour-add"
              >
                +
              </button>
              <button
                type="button"
                className={button({ tone: 'secondary' })}
                disabled={gradient.colours.length <= Limits.gradientColoursMin}
                onClick={() => setGradient((g) => ({ ...g, colours: g.colours.slice(0, -1) }))}
                aria-label={t('accounts.colour.remove')}
              >
                −
              </button>
            </div>
          </fieldset>
          <Problem problem={form.problem} />
          <button type="button" className={button({ block: true })} disabled={form.submitting} onClick={() => save(gradient)} data-testid="colour-save">
            {form.submitting ? t('accounts.working') : t('accounts.save')}
          </button>
          {saved && (
            <button type="button" className={button({ tone: 'ghost', block: true })} disabled={form.submitting} onClick={() => save(null)} data-testid="colour-reset">
              {t('accounts.colour.reset')}
            </button>
          )}
          <p className={muted}>{t('accounts.colour.note')}</p>
        </section>
      </div>
    </>
  );
}
