import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

/** A person's context for staff (issue 24): figures, then the latest orders, cases and withdrawals by name. */
export const panel = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: vars.space.md, borderRadius: vars.radius.md, background: vars.color.background, minWidth: 0 });
export const head = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: vars.space.sm });
export const name = style({ fontSize: vars.font.size.lg, margin: 0, overflowWrap: 'anywhere' });
export const tag = style({ padding: `2px ${vars.space.sm}`, borderRadius: vars.radius.pill, background: vars.color.brandSoft, color: vars.color.brandStrong, fontSize: vars.font.size.sm, whiteSpace: 'nowrap' });
export const frozenTag = style({ padding: `2px ${vars.space.sm}`, borderRadius: vars.radius.pill, background: vars.color.danger, color: '#fff', fontSize: vars.font.size.sm, fontWeight: 600 });
export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, margin: 0 });
export const sectionTitle = style({ fontSize: vars.font.size.sm, fontWeight: 700, margin: 0 });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const item = style({ display: 'flex', flexDirection: 'column', gap: 2, padding: `${vars.space.xs} ${vars.space.sm}`, borderRadius: vars.radius.sm, background: vars.color.surface, minWidth: 0 });
export const product = style({ fontWeight: 600, overflowWrap: 'anywhere' });
export const line = style({ fontSize: vars.font.size.sm, color: vars.color.textMuted, overflowWrap: 'anywhere' });
