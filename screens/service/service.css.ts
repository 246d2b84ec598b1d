import { style } from '@vanilla-extract/css';
import { vars } from '../../src/theme/theme.css';

export const prose = style({ lineHeight: 1.7, margin: 0, whiteSpace: 'pre-line' });
export const centre = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: vars.space.lg, padding: `${vars.space.xxl} ${vars.space.xl}` });
export const bigIcon = style({ fontSize: '48px', lineHeight: 1 });
