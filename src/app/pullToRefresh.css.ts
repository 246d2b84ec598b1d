import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

/** The pull indicator: in the scrolling slot, held at its top, taking no room. */
export const holder = style({ position: 'sticky', top: 0, height: 0, zIndex: 5, display: 'flex', justifyContent: 'center', pointerEvents: 'none' });

export const pill = style({
  marginTop: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.brandStrong,
  boxShadow: vars.shadow.card,
  fontSize: vars.font.size.sm,
  whiteSpace: 'nowrap',
  transition: 'opacity 120ms',
});

/** The keyboard's way: hidden until focused, then shown where the pill shows. */
export const button = style({
  position: 'absolute',
  insetInlineStart: '50%',
  transform: 'translateX(-50%)',
  top: vars.space.sm,
  zIndex: 6,
  minHeight: 32,
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: `1px solid ${vars.color.brand}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.brandStrong,
  font: 'inherit',
  fontSize: vars.font.size.sm,
  selectors: {
    '&:not(:focus-visible)': { clipPath: 'inset(50%)', width: 1, height: 1, minHeight: 0, padding: 0, overflow: 'hidden', border: 0, whiteSpace: 'nowrap' },
  },
});
