import { style } from '@vanilla-extract/css';
import { vars } from '../../src/theme/theme.css';

/** Balance details: the current balance and each movement of it, with its order. */
export const heroLabel = style({ margin: 0, opacity: 0.85 });
export const heroValue = style({ margin: 0, fontSize: vars.font.size.xxl, fontWeight: 700 });
export const list = style({ background: vars.color.surface, borderRadius: vars.radius.lg, overflow: 'hidden', boxShadow: vars.shadow.card });
export const movement = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  width: '100%',
  minHeight: '64px',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  border: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
  background: 'transparent',
  color: vars.color.text,
  textAlign: 'start',
  font: 'inherit',
});
export const tappable = style({ cursor: 'pointer' });
export const grow = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: '2px' });
export const amountIn = style({ fontWeight: 700, color: vars.color.success, whiteSpace: 'nowrap' });
export const amountPending = style({ fontWeight: 600, color: vars.color.textMuted, whiteSpace: 'nowrap' });
export const amountOut = style({ fontWeight: 700, color: vars.color.text, whiteSpace: 'nowrap' });
export const row = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.md });
