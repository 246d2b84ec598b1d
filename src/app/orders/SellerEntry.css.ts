import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';
import * as shared from './orders.css';

export const label = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm });
export const badge = style([shared.badge, { minWidth: '20px', height: '20px', padding: `0 ${vars.space.xs}`, fontSize: vars.font.size.sm }]);
