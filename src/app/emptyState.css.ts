import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const empty = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.xl} ${vars.space.lg}`,
  textAlign: 'center',
});
export const art = style({ position: 'relative', width: '120px', height: '96px', color: vars.color.brandStrong });
export const scene = style({ position: 'absolute', inset: 0 });
export const icon = style({ position: 'absolute', left: '50%', top: '42px', transform: 'translate(-50%, -50%)', display: 'inline-flex' });
export const text = style({ margin: 0, color: vars.color.textMuted, lineHeight: 1.5, maxWidth: '28ch' });
