import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

/** The figures of a review or a decision: label at the start, amount at the end, the last line emphasised. */
export const figures = style({ display: 'grid', gap: vars.space.sm, margin: `0 0 ${vars.space.md}`, padding: 0 });
export const line = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: vars.space.md, minWidth: 0 });
export const label = style({ color: vars.color.textMuted, margin: 0 });
export const value = style({ margin: 0, fontWeight: 600, textAlign: 'end', overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' });
export const strong = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.sm, fontSize: vars.font.size.lg });
/** A long value (an address) under its label instead of beside it. */
export const stacked = style({ flexDirection: 'column', alignItems: 'stretch', gap: '2px' });
export const mono = style({ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: vars.font.size.sm, fontWeight: 500 });
export const consequence = style({ margin: `0 0 ${vars.space.md}`, padding: vars.space.md, borderRadius: vars.radius.md, background: vars.color.brandSoft, color: vars.color.text, lineHeight: 1.45 });
export const problem = style({ color: vars.color.danger, margin: `0 0 ${vars.space.md}` });
export const form = style({ display: 'grid', gap: vars.space.sm });
