import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const grid = style({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space.md });
export const tile = style({
  display: 'flex',
  flexDirection: 'column',
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
  overflow: 'hidden',
  textAlign: 'start',
  color: vars.color.text,
  cursor: 'pointer',
  font: 'inherit',
});
export const tileImage = style({ display: 'block', width: '100%', height: 'auto', aspectRatio: '1 / 1', objectFit: 'cover', background: vars.color.skeleton });
export const tileBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, padding: vars.space.sm });
export const tileTitle = style({
  margin: 0,
  fontSize: vars.font.size.md,
  fontWeight: 600,
  lineHeight: 1.3,
  overflow: 'hidden',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  minHeight: '2.6em',
});
export const price = style({ color: vars.color.brandStrong, fontWeight: 800, fontSize: vars.font.size.lg });
export const small = style({ color: vars.color.textMuted, fontSize: vars.font.size.sm, margin: 0 });
/** A tile's trust line: "★ 4.8 · 1.2k sold", one line, in the muted text colour with an accent star. */
export const trust = style({ display: 'flex', alignItems: 'center', gap: '4px', color: vars.color.textMuted, fontSize: vars.font.size.sm, whiteSpace: 'nowrap', overflow: 'hidden', minWidth: 0 });
export const star = style({ color: vars.color.accent });
export const visuallyHidden = style({ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' });
export const skeletonTile = style({ aspectRatio: '3 / 4' });
export const footer = style({ display: 'flex', justifyContent: 'center', padding: vars.space.lg, color: vars.color.textMuted, fontSize: vars.font.size.sm });
export const badge = style({
  display: 'inline-block',
  alignSelf: 'flex-start',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
  fontSize: vars.font.size.sm,
});
