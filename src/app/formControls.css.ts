import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

/** The app's checkbox and radio (issue 33, finding 9): real inputs, drawn in the brand colour instead of the browser's blue. */
const control = style({
  appearance: 'none',
  WebkitAppearance: 'none',
  flex: 'none',
  width: '22px',
  height: '22px',
  margin: 0,
  display: 'inline-grid',
  placeContent: 'center',
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  cursor: 'pointer',
  transition: 'background-color 120ms, border-color 120ms',
  selectors: {
    '&:checked': { borderColor: vars.color.brand, background: vars.color.brand },
    '&:disabled': { opacity: 0.45, cursor: 'not-allowed' },
    '&::before': { content: '""', transform: 'scale(0)', transition: 'transform 120ms' },
    '&:checked::before': { transform: 'scale(1)' },
  },
});
export const checkbox = style([
  control,
  {
    borderRadius: vars.radius.sm,
    selectors: {
      // A white tick.
      '&::before': { width: '12px', height: '12px', background: vars.color.surface, clipPath: 'polygon(14% 44%, 0 65%, 50% 100%, 100% 16%, 80% 0%, 43% 62%)' },
    },
  },
]);
export const radio = style([
  control,
  {
    borderRadius: '50%',
    selectors: {
      '&:checked': { background: vars.color.surface },
      // A brand dot inside the ring.
      '&::before': { width: '10px', height: '10px', borderRadius: '50%', background: vars.color.brand },
    },
  },
]);
/** A switch (role="switch" on a checkbox): a track with a knob. */
export const toggle = style([
  control,
  {
    width: '40px',
    height: '24px',
    borderRadius: vars.radius.pill,
    background: vars.color.border,
    justifyContent: 'start',
    padding: '2px',
    selectors: {
      '&::before': { width: '16px', height: '16px', borderRadius: '50%', background: vars.color.surface, transform: 'none' },
      '&:checked::before': { transform: 'translateX(16px)' },
      '[dir="rtl"] &:checked::before': { transform: 'translateX(-16px)' },
    },
  },
]);
