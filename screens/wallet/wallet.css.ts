import { style } from '@vanilla-extract/css';
import { vars } from '../../src/theme/theme.css';

export const overlay = style({ position: 'fixed', inset: 0, background: vars.color.overlay, zIndex: 60 });
export const sheet = style({
  position: 'fixed',
  zIndex: 61,
  left: '50%',
  bottom: 0,
  transform: 'translateX(-50%)',
  width: `min(100vw, ${vars.layout.maxWidth})`,
  background: vars.color.surface,
  borderRadius: `${vars.radius.lg} ${vars.radius.lg} 0 0`,
  boxShadow: vars.shadow.sheet,
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});
export const amount = style({ fontSize: vars.font.size.xxl, fontWeight: 700, textAlign: 'center', margin: 0 });
export const input = style({ minHeight: '48px', padding: `0 ${vars.space.md}`, borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}`, fontSize: vars.font.size.xl, letterSpacing: '0.5em', textAlign: 'center' });
export const problem = style({ color: vars.color.danger, margin: 0 });
