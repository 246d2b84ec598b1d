import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

/** The pull indicator: in the scrolling slot, held at its top, taking no room. */
export const holder = style({ position: 'sticky', top: 0, height: 0, zIndex: 20, display: 'flex', alignItems: 'flex-start', justifyContent: 'center', overflow: 'visible', pointerEvents: 'none' });

export const pill = style({
  marginTop: vars.space.sm,
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.brandStrong,
  color: '#fff',
  boxShadow: vars.shadow.sheet,
  fontSize: vars.font.size.sm,
  fontWeight: 600,
  whiteSpace: 'nowrap',
  transition: 'opacity 120ms',
});

/** The keyboard's way: hidden until focused, then shown where the pill shows. */
export const button = style({
  // Centred, so the same in both directions.
  position: 'absolute',
  left: '50%',
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
