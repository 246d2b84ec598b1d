import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

/** The login entry (src/app/LoginPanel.tsx), shown by the account tab, /new-my and the public screens that need a session. */
export const loginCard = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.lg, textAlign: 'center', paddingTop: vars.space.xxl });
export const logo = style({ width: '72px', height: '72px', borderRadius: vars.radius.lg, display: 'grid', placeItems: 'center', fontSize: '36px', background: vars.color.brandSoft });
export const legal = style({ fontSize: vars.font.size.sm, color: vars.color.textMuted, lineHeight: 1.6 });
export const link = style({ border: 'none', background: 'none', padding: 0, color: vars.color.brandStrong, textDecoration: 'underline', cursor: 'pointer', font: 'inherit' });
