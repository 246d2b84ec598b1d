import { style } from '@vanilla-extract/css';
import { vars } from '../../src/theme/theme.css';

export const top = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  background: `linear-gradient(135deg, ${vars.color.brand}, ${vars.color.brandStrong})`,
  color: '#fff',
});
export const brand = style({ margin: 0, fontSize: vars.font.size.xl, fontWeight: 800 });
export const searchRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, marginInlineEnd: '-6px' });
export const search = style({
  flex: 1,
  minWidth: 0,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '40px',
  padding: `0 ${vars.space.lg}`,
  border: 'none',
  borderRadius: vars.radius.pill,
  background: 'rgba(255,255,255,0.95)',
  color: vars.color.textMuted,
  textAlign: 'start',
  cursor: 'pointer',
});
export const grid = style({ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: vars.space.md });
export const category = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.sm} 0`,
  border: 'none',
  background: 'transparent',
  fontSize: vars.font.size.sm,
  color: vars.color.text,
  cursor: 'pointer',
});
export const categoryIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '40px',
  height: '40px',
  borderRadius: '50%',
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
});
export const sectionTitle = style({ margin: `0 0 ${vars.space.md}`, fontSize: vars.font.size.lg });
export const feedTitle = style({ margin: 0, fontSize: vars.font.size.lg });
export const feedHead = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.md, marginBottom: vars.space.md });
export const country = style({ display: 'inline-flex' });
export const countrySelect = style({
  minHeight: '36px',
  maxWidth: '160px',
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
});
export const visuallyHidden = style({ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' });
