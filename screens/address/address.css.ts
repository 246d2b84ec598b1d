import { style } from '@vanilla-extract/css';
import { vars } from '../../src/theme/theme.css';

export const item = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const head = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.sm });
export const badge = style({ fontSize: vars.font.size.sm, color: vars.color.brandStrong, background: vars.color.brandSoft, borderRadius: vars.radius.pill, padding: `2px ${vars.space.sm}` });
export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });
export const input = style({ width: '100%', minWidth: 0, boxSizing: 'border-box', minHeight: '44px', padding: `0 ${vars.space.md}`, borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}`, background: vars.color.surface, color: vars.color.text, fontSize: vars.font.size.md, selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } } });
// Two fields a row that fit the screen: columns may shrink below their inputs' natural width (1fr would not),
// and below 360 px (and in long words) the two fields stack.
export const pair = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.md,
  '@media': { 'screen and (max-width: 359px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const problem = style({ color: vars.color.danger, margin: 0, fontSize: vars.font.size.sm });
/** The detailed address takes more than one line (issue 33, finding 9). */
export const textarea = style({ padding: `${vars.space.sm} ${vars.space.md}`, minHeight: '72px', resize: 'vertical', lineHeight: 1.5 });
export const checkRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });
