import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../src/theme/theme.css';

export const stats = style({ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: vars.space.sm, textAlign: 'center' });
export const statValue = style({ display: 'block', fontSize: vars.font.size.xl, fontWeight: 700 });
export const calendar = style({ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: '4px', listStyle: 'none', padding: 0, margin: 0 });
export const day = style({ display: 'grid', placeItems: 'center', aspectRatio: '1', borderRadius: vars.radius.md, background: vars.color.skeleton, fontSize: '13px' });
export const weekday = style({ textAlign: 'center', fontSize: vars.font.size.sm, fontWeight: 600, color: vars.color.textMuted, padding: '2px 0' });
export const signedDay = style({ background: vars.color.brand, color: '#fff', fontWeight: 700 });
export const tabs = style({ display: 'flex', gap: vars.space.sm });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: '14px' });
export const cell = style({ padding: '8px 4px', borderBottom: `1px solid ${vars.color.border}`, textAlign: 'start' });
export const me = style({ fontWeight: 700, color: vars.color.brandStrong });
export const row = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', flexWrap: 'wrap' });
export const input = style({ flex: 1, minHeight: '44px', padding: `0 ${vars.space.md}`, borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}`, font: 'inherit' });
/** A card holding one list row (the medals screen's invite code): the row's own padding, no rule under it. */
export const rowCard = style({ padding: 0, overflow: 'hidden' });
globalStyle(`${rowCard} > *`, { borderBottom: 'none' });
