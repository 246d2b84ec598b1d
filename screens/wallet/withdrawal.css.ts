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
