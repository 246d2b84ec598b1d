import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const label = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm });
export const badge = style({
  minWidth: '20px',
  height: '20px',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  background: vars.color.danger,
  color: '#fff',
  fontSize: vars.font.size.sm,
  fontWeight: 700,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
});
