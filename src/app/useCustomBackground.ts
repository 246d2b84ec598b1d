import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { gradientCss, parseGradient } from '../domain/schemas/accountsGradient';
import type { GateActor } from './gate';
import { frame } from './shell.css';

const styleId = 'coin-mall-custom-background';

/**
 * The account's custom background (SPEC 2/9: a gradient saved to the account, applied on every
 * device): painted on the shell frame from userInfo.customColour. The description was validated by
 * the server (hex colours, linear or radial, 8 directions) and is validated again here before use.
 */
export function useCustomBackground(gate: GateActor): void {
  const stored = useSelector(gate, (s) => s.context.userInfo?.customColour ?? null);
  useEffect(() => {
    const gradient = parseGradient(stored);
    let el = document.getElementById(styleId);
    if (!gradient) {
      el?.remove();
      delete document.documentElement.dataset.customBackground;
      return;
    }
    if (!el) {
      el = document.createElement('style');
      el.id = styleId;
      document.head.appendChild(el);
    }
    el.textContent = `.${frame}.${frame} { background: ${gradientCss(gradient)}; }`;
    document.documentElement.dataset.customBackground = gradient.type;
  }, [stored]);
}
