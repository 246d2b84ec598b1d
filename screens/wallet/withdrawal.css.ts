import { style } from '@vanilla-extract/css';
import { vars } from '../../src/theme/theme.css';

/** The withdrawal screens (issue 13). */
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const label = style({ fontSize: vars.font.size.md, fontWeight: 600 });
export const entry = style({
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});
export const row = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' });
export const grow = style({ flex: 1, minWidth: 0 });
export const warning = style({ color: vars.color.danger, margin: 0, fontWeight: 600 });
export const problem = style({ color: vars.color.danger, margin: 0 });
export const mono = style({ fontFamily: 'monospace', wordBreak: 'break-all', fontSize: vars.font.size.sm });
export const status = style({ fontWeight: 700, color: vars.color.brandStrong });
export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, listStyle: 'none', margin: 0, padding: 0 });
export const link = style({ color: vars.color.brandStrong, textDecoration: 'underline', background: 'none', border: 'none', padding: 0, font: 'inherit', cursor: 'pointer' });
/** The fresh authentication a new address needs (issue 24): a tinted panel with its button. */
export const fresh = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: vars.space.sm });
export const freshText = style({ margin: 0, lineHeight: 1.45 });

/** The record's stepper (issue 24): a vertical line of four steps, the current one emphasised. */
export const stepper = style({ listStyle: 'none', margin: `${vars.space.md} 0`, padding: 0, display: 'grid', gap: vars.space.sm });
export const step = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, color: vars.color.textMuted });
export const stepDot = style({
  width: '28px',
  height: '28px',
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: '50%',
  border: `2px solid ${vars.color.border}`,
  fontWeight: 700,
  fontSize: vars.font.size.sm,
  selectors: {
    [`${step}[data-state="done"] &`]: { background: vars.color.success, borderColor: vars.color.success, color: '#fff' },
    [`${step}[data-state="current"] &`]: { borderColor: vars.color.brand, boxShadow: `inset 0 0 0 5px ${vars.color.brand}` },
    [`${step}[data-state="failed"] &`]: { background: vars.color.danger, borderColor: vars.color.danger, color: '#fff' },
  },
});
export const stepText = style({
  display: 'flex',
  flexDirection: 'column',
  selectors: { [`${step}[data-state="current"] &, ${step}[data-state="done"] &, ${step}[data-state="failed"] &`]: { color: vars.color.text, fontWeight: 600 } },
});
export const stepState = style({ fontSize: vars.font.size.sm, fontWeight: 400, color: vars.color.textMuted });
