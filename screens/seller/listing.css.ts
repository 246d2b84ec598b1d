import { style } from '@vanilla-extract/css';
import { vars } from '../../src/theme/theme.css';

// The listing flow (issue 37, finding 1): pictures first, the basics, folded extras, a sticky Publish bar.
export const pickers = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });
export const picker = style({
  flex: '1 1 140px',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: '48px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px dashed ${vars.color.brand}`,
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
});
export const board = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: vars.space.sm });
export const tile = style({ position: 'relative', display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });
export const frame = style({
  position: 'relative',
  aspectRatio: '1 / 1',
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  background: vars.color.skeleton,
  touchAction: 'none',
  cursor: 'grab',
  userSelect: 'none',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.brand}`, outlineOffset: '2px' } },
});
export const dragging = style({ opacity: 0.55, outline: `2px dashed ${vars.color.brand}` });
export const target = style({ boxShadow: `0 0 0 3px ${vars.color.brand}` });
export const stack = style({ position: 'relative' });
export const image = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block', pointerEvents: 'none' });
export const cover = style({
  position: 'absolute',
  insetInlineStart: vars.space.xs,
  top: vars.space.xs,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.brandStrong,
  color: '#fff',
  fontSize: vars.font.size.sm,
  fontWeight: 700,
});
export const dim = style({ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'rgba(0,0,0,0.45)', color: '#fff', fontSize: vars.font.size.sm, fontWeight: 700 });
export const problem = style({ color: vars.color.danger, fontSize: vars.font.size.sm, margin: 0, overflowWrap: 'anywhere' });
export const tileActions = style({ display: 'flex', gap: vars.space.xs, flexWrap: 'wrap' });
export const small = style({
  minHeight: '36px',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.font.size.sm,
  cursor: 'pointer',
});
// At the bottom corner, clear of the Cover label at the top: a tile is about 100 px wide on a phone.
export const removeCorner = style({
  position: 'absolute',
  insetInlineEnd: vars.space.xs,
  bottom: vars.space.xs,
  width: '32px',
  height: '32px',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: '50%',
  border: 'none',
  background: 'rgba(0,0,0,0.6)',
  color: '#fff',
  cursor: 'pointer',
});
export const srOnly = style({ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' });
export const pair = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space.md });
export const suggestions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const fold = style({ borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}`, background: vars.color.surface });
export const foldSummary = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  padding: vars.space.md,
  minHeight: '48px',
  cursor: 'pointer',
  listStyle: 'none',
  selectors: { '&::-webkit-details-marker': { display: 'none' } },
});
export const foldTitle = style({ fontWeight: 700, display: 'flex', justifyContent: 'space-between', gap: vars.space.sm });
export const foldBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, padding: `0 ${vars.space.md} ${vars.space.md}` });
export const notice = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', padding: vars.space.md, borderRadius: vars.radius.md, background: vars.color.brandSoft });
export const bar = style({
  position: 'sticky',
  bottom: 0,
  zIndex: 5,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  marginInline: `calc(-1 * ${vars.space.lg})`,
  marginBottom: `calc(-1 * ${vars.space.lg})`,
  padding: vars.space.sm,
  paddingInline: vars.space.lg,
  paddingBottom: `max(${vars.space.sm}, env(safe-area-inset-bottom))`,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
});
export const barStatus = style({ flex: 1, minWidth: 0, fontSize: vars.font.size.sm, color: vars.color.textMuted });
