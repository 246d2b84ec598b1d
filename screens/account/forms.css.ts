import { style } from '@vanilla-extract/css';
import { vars } from '../../src/theme/theme.css';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const label = style({ fontSize: vars.font.size.md, fontWeight: 600, color: vars.color.text });
export const input = style({
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.font.size.lg,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});
export const textarea = style([input, { minHeight: '120px', padding: vars.space.md, resize: 'vertical' }]);
export const inline = style({ display: 'flex', gap: vars.space.sm, alignItems: 'stretch' });
export const grow = style({ flex: 1, minWidth: 0 });
export const problem = style({ color: vars.color.danger, fontSize: vars.font.size.md, margin: 0 });
export const check = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-start', fontSize: vars.font.size.md, lineHeight: 1.5 });
export const links = style({ display: 'flex', justifyContent: 'center', gap: vars.space.lg, flexWrap: 'wrap', fontSize: vars.font.size.md });
export const link = style({ border: 'none', background: 'none', padding: 0, color: vars.color.brandStrong, textDecoration: 'underline', cursor: 'pointer', font: 'inherit' });
export const value = style({ color: vars.color.textMuted, fontSize: vars.font.size.md, marginInlineStart: 'auto', marginInlineEnd: vars.space.sm, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '55%' });
export const badge = style({ minWidth: '8px', height: '8px', borderRadius: '50%', background: vars.color.danger, display: 'inline-block', marginInlineEnd: vars.space.sm });
export const swatches = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap', alignItems: 'center' });
export const colour = style({ width: '44px', height: '44px', padding: 0, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md, background: 'none' });
export const preview = style({ height: '180px', borderRadius: vars.radius.lg, boxShadow: vars.shadow.card });
export const chips = style({ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: vars.space.sm });
export const chip = style({
  minHeight: '40px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: { '&[aria-pressed="true"]': { borderColor: vars.color.brand, background: vars.color.brandSoft, color: vars.color.brandStrong, fontWeight: 700 } },
});
