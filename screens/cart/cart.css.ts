import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../src/theme/theme.css';

export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const seller = style({ fontWeight: 700, margin: 0 });
export const line = style({ display: 'grid', gridTemplateColumns: 'auto 56px 1fr', gap: vars.space.md, alignItems: 'center', padding: `${vars.space.sm} 0`, borderBottom: `1px solid ${vars.color.border}` });
export const thumb = style({ width: '56px', height: '56px', borderRadius: vars.radius.md, background: vars.color.skeleton, objectFit: 'cover' });
export const info = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });
export const name = style({ margin: 0, fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const row = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });
export const stepper = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });
export const stepButton = style({ width: '32px', height: '32px', borderRadius: vars.radius.sm, border: `1px solid ${vars.color.border}`, background: vars.color.surface, cursor: 'pointer' });
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
export const headerBar = style({ display: 'flex', justifyContent: 'flex-end' });
export const empty = style({ textAlign: 'center', padding: vars.space.xxl });
export const checkoutSide = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minWidth: 0 });
export const totalLine = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', whiteSpace: 'nowrap' });
/** A line that cannot be bought now (sold out, no longer for sale): faded, its note still legible. */
export const lineOut = style({ color: vars.color.textMuted });
globalStyle(`${lineOut} img`, { opacity: 0.5 });
export const stockRow = style({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: vars.space.sm });
export const stockNote = style({ color: vars.color.danger, fontSize: vars.font.size.sm, fontWeight: 600 });
export const takeLeft = style({
  minHeight: '32px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.brand}`,
  background: vars.color.surface,
  color: vars.color.brand,
  font: 'inherit',
  fontSize: vars.font.size.sm,
  fontWeight: 600,
  cursor: 'pointer',
});
