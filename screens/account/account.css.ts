import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../src/theme/theme.css';

export const hero = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.lg,
  padding: `${vars.space.xl} ${vars.space.lg}`,
  background: `linear-gradient(135deg, ${vars.color.brand}, ${vars.color.brandStrong})`,
  color: '#fff',
});
export const avatar = style({
  flex: 'none',
  width: '64px',
  height: '64px',
  borderRadius: '50%',
  background: 'rgba(255,255,255,0.25)',
  display: 'grid',
  placeItems: 'center',
  fontSize: vars.font.size.xxl,
  fontWeight: 700,
  objectFit: 'cover',
});
export const name = style({ margin: 0, fontSize: vars.font.size.xl, fontWeight: 700 });
export const sub = style({ margin: 0, opacity: 0.85, fontSize: vars.font.size.sm });
export const stats = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space.md });
export const stat = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const statValue = style({ fontSize: vars.font.size.xl, fontWeight: 700 });
export const list = style({ background: vars.color.surface, borderRadius: vars.radius.lg, overflow: 'hidden', boxShadow: vars.shadow.card });
export const option = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, minHeight: '48px', padding: `0 ${vars.space.sm}`, cursor: 'pointer', borderBottom: `1px solid ${vars.color.border}` });

export const groups = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const groupTitle = style({ margin: 0, paddingInline: vars.space.xs, fontSize: vars.font.size.sm, fontWeight: 600, color: vars.color.textMuted });
// The card's own edge ends a group: no rule under its last row.
globalStyle(`${list} > *:last-child`, { borderBottom: 'none' });
