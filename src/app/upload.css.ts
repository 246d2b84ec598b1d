import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

/** The upload tiles (src/app/UploadTiles.tsx): the picture at once, a progress ring over it, Retry with the reason. */
const grid = { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm } as const;
export const tiles = styleVariants({
  // Publishing: three to a row on a phone, bigger on a wide screen.
  grid: { ...grid, gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))' },
  // Evidence, work orders, chat: small square tiles.
  row: { ...grid, gridTemplateColumns: 'repeat(auto-fill, 88px)' },
});
export const tile = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });
export const frame = style({
  position: 'relative',
  aspectRatio: '1 / 1',
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  background: vars.color.skeleton,
});
export const image = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' });
export const dim = style({ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', background: 'rgba(20, 12, 40, 0.45)', color: '#fff' });
export const ring = style({ position: 'relative', width: '44px', height: '44px', display: 'grid', placeItems: 'center' });
const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
export const ringSvg = style({ position: 'absolute', inset: 0, width: '100%', height: '100%' });
export const ringSpin = style({ animation: `${spin} 1s linear infinite`, '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } } });
export const ringText = style({ position: 'relative', fontSize: '11px', fontWeight: 700, fontVariantNumeric: 'tabular-nums', lineHeight: 1 });
export const retry = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '2px',
  padding: vars.space.xs,
  border: 'none',
  background: 'rgba(20, 12, 40, 0.62)',
  color: '#fff',
  fontSize: vars.font.size.sm,
  fontWeight: 700,
  lineHeight: 1.2,
  textAlign: 'center',
  overflowWrap: 'anywhere',
  cursor: 'pointer',
});
export const remove = style({
  position: 'absolute',
  top: '4px',
  insetInlineEnd: '4px',
  width: '28px',
  height: '28px',
  borderRadius: '50%',
  border: 'none',
  display: 'grid',
  placeItems: 'center',
  padding: 0,
  background: 'rgba(20, 12, 40, 0.7)',
  color: '#fff',
  cursor: 'pointer',
  zIndex: 1,
});
export const reason = style({ margin: 0, fontSize: vars.font.size.sm, lineHeight: 1.3, color: vars.color.danger, overflowWrap: 'anywhere' });
export const note = style({ margin: 0, fontSize: vars.font.size.sm, lineHeight: 1.3, color: vars.color.textMuted, overflowWrap: 'anywhere' });
export const bar = style({ display: 'flex', justifyContent: 'space-between' });
export const barButton = style({
  minWidth: '32px',
  minHeight: '32px',
  border: 'none',
  borderRadius: vars.radius.sm,
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
  display: 'grid',
  placeItems: 'center',
  cursor: 'pointer',
  selectors: { '&:disabled': { opacity: 0.4, cursor: 'default' } },
});
export const add = style({
  aspectRatio: '1 / 1',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  border: `1.5px dashed ${vars.color.brand}`,
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
  fontSize: vars.font.size.sm,
  fontWeight: 600,
  lineHeight: 1.2,
  textAlign: 'center',
  overflowWrap: 'anywhere',
  cursor: 'pointer',
});
