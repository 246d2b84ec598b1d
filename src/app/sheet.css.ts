import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { deskMedia } from '../theme/breakpoints';
import { vars } from '../theme/theme.css';

const desk = deskMedia;
const rise = keyframes({ from: { transform: 'translate(-50%, 24px)', opacity: 0 }, to: { transform: 'translate(-50%, 0)', opacity: 1 } });
const slide = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

export const overlay = style({ position: 'fixed', inset: 0, background: vars.color.overlay, zIndex: 60 });

const base = style({
  position: 'fixed',
  zIndex: 61,
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.surface,
  boxShadow: vars.shadow.sheet,
  outline: 'none',
});

/** A bottom sheet inside the app's column (phone first). */
export const bottom = style([
  base,
  {
    left: '50%',
    bottom: 0,
    transform: 'translateX(-50%)',
    width: `min(100vw, ${vars.layout.maxWidth})`,
    maxHeight: '88dvh',
    borderRadius: `${vars.radius.lg} ${vars.radius.lg} 0 0`,
    paddingBottom: 'env(safe-area-inset-bottom)',
    animation: `${rise} 160ms ease-out`,
  },
]);

/** A bottom sheet on a phone, a side panel at the inline end on a desk. */
export const auto = style([
  bottom,
  {
    '@media': {
      [desk]: {
        left: 'auto',
        insetInlineEnd: 0,
        top: 0,
        bottom: 0,
        transform: 'none',
        width: '440px',
        maxHeight: 'none',
        borderRadius: 0,
        animation: `${slide} 120ms ease-out`,
      },
    },
  },
]);

export const head = style({
  display: 'grid',
  gridTemplateColumns: '1fr 44px',
  alignItems: 'start',
  gap: vars.space.sm,
  padding: `${vars.space.lg} ${vars.space.lg} ${vars.space.sm}`,
});

export const title = style({ margin: 0, fontSize: vars.font.size.lg, fontWeight: 700, lineHeight: 1.35 });
export const description = style({ margin: `${vars.space.xs} 0 0`, color: vars.color.textMuted, lineHeight: 1.4 });

export const close = style({
  width: '44px',
  height: '44px',
  marginTop: '-10px',
  marginInlineEnd: '-10px',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  border: 'none',
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
});

export const body = style({ flex: 1, minHeight: 0, overflowY: 'auto', padding: `0 ${vars.space.lg} ${vars.space.lg}` });

export const footer = style({
  display: 'flex',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
// vanilla-extract refuses a selector that targets children ('& > *'): the footer's buttons share its width here.
globalStyle(`${footer} > *`, { flex: 1 });
