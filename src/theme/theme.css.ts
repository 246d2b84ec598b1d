import { createGlobalTheme, globalStyle } from '@vanilla-extract/css';
import { Limits } from '../domain/constants';

/** The theme contract: every screen takes colours, spacing and type from here. */
export const vars = createGlobalTheme(':root', {
  color: {
    brand: '#7a3ff2',
    brandStrong: '#5b21d6',
    brandSoft: '#efe7ff',
    accent: '#f5a524',
    text: '#1b1530',
    textMuted: '#6b6580',
    surface: '#ffffff',
    background: '#f5f3fa',
    border: '#e4e0ee',
    /** 6.6:1 on white, 6.0:1 on the page's background (#d92d20 was 4.4:1 there: a serious axe finding on the after-sale form). */
    danger: '#b42318',
    /** 5.4:1 on white (issue 24: #12a150 was 3.36:1, under WCAG's 4.5:1 for text). */
    success: '#0e7a3d',
    overlay: 'rgba(20, 12, 40, 0.55)',
    skeleton: '#ebe8f2',
  },
  space: { xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px', xxl: '32px' },
  radius: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Noto Sans Devanagari", sans-serif',
    size: { sm: '12px', md: '14px', lg: '16px', xl: '20px', xxl: '24px' },
  },
  layout: { maxWidth: `${Limits.desktopWidthPx}px`, tabBarHeight: '56px', headerHeight: '48px' },
  shadow: { card: '0 1px 3px rgba(27, 21, 48, 0.08)', sheet: '0 -8px 24px rgba(27, 21, 48, 0.18)' },
});

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html, body', {
  margin: 0,
  padding: 0,
  height: '100%',
  fontFamily: vars.font.body,
  fontSize: vars.font.size.md,
  color: vars.color.text,
  background: '#e9e6f0',
  WebkitTapHighlightColor: 'transparent',
});
globalStyle('#root', { height: '100%' });
globalStyle('button', { font: 'inherit' });
// Form fields in the app's font, and no raw fieldset frame (issue 33, finding 9).
globalStyle('input, textarea, select', { font: 'inherit', color: 'inherit' });
globalStyle('fieldset', { border: 'none', margin: 0, padding: 0, minWidth: 0 });
globalStyle('legend', { padding: 0 });
// The search field's clear button drawn like the app's icons (a round ✕ in the muted colour), not the browser's blue one.
globalStyle('input[type="search"]::-webkit-search-cancel-button', {
  WebkitAppearance: 'none',
  appearance: 'none',
  width: '18px',
  height: '18px',
  borderRadius: '50%',
  cursor: 'pointer',
  background: `${vars.color.textMuted} url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 18 18'%3E%3Cpath d='M6 6l6 6M12 6l-6 6' stroke='white' stroke-width='2' stroke-linecap='round'/%3E%3C/svg%3E") center / 18px 18px no-repeat`,
});
globalStyle(':focus-visible', { outline: `2px solid ${vars.color.brand}`, outlineOffset: '2px' });
globalStyle('[dir="rtl"] svg[data-mirror]', { transform: 'scaleX(-1)' });
