import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import * as shared from './orders.css';


export const panel = style({ background: vars.color.surface, borderRadius: vars.radius.lg, boxShadow: vars.shadow.card, padding: vars.space.md, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const head = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });
export const more = style({ border: 'none', background: 'none', color: vars.color.brandStrong, cursor: 'pointer', minHeight: '44px', padding: `0 ${vars.space.sm}`, font: 'inherit' });
export const grid = style({ display: 'grid', gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: vars.space.xs });
export const shortcut = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '64px',
  padding: vars.space.xs,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  font: 'inherit',
  fontSize: vars.font.size.sm,
  textAlign: 'center',
});
export const icon = style({ display: 'inline-flex', color: vars.color.brandStrong });
export const badge = style([shared.badge, { position: 'absolute', top: '2px', insetInlineEnd: '10%', minWidth: '18px', height: '18px', padding: '0 5px', fontSize: '11px' }]);
