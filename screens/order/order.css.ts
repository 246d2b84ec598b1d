import { style } from '@vanilla-extract/css';
import { vars } from '../../src/theme/theme.css';

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const heading = style({ margin: 0, fontSize: vars.font.size.lg, fontWeight: 700 });
export const option = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.sm, padding: `${vars.space.sm} 0`, borderBottom: `1px solid ${vars.color.border}`, cursor: 'pointer' });
export const row = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.md });
export const total = style({ fontSize: vars.font.size.xl, fontWeight: 700 });
export const footer = style({
  position: 'sticky',
  bottom: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: vars.space.md,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
});
export const waiting = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.md, textAlign: 'center', padding: vars.space.xl });
export const result = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.md, textAlign: 'center', paddingTop: vars.space.xl });
export const icon = style({ fontSize: '48px', margin: 0 });
export const actions = style({ display: 'flex', gap: vars.space.md, justifyContent: 'center', flexWrap: 'wrap' });
