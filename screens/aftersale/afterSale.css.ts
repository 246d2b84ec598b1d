import { style } from '@vanilla-extract/css';
import { vars } from '../../src/theme/theme.css';

export const body = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: vars.space.lg });
export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const label = style({ fontWeight: 600 });
export const input = style({ border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md, padding: vars.space.sm, font: 'inherit', background: vars.color.surface });
export const textarea = style([input, { minHeight: '96px', resize: 'vertical' }]);
export const option = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', padding: `${vars.space.xs} 0` });
export const thumbs = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, listStyle: 'none', margin: 0, padding: 0 });
export const thumb = style({ position: 'relative', width: '72px', height: '72px', borderRadius: vars.radius.sm, overflow: 'hidden', background: vars.color.brandSoft, display: 'flex', alignItems: 'center', justifyContent: 'center' });
export const thumbImage = style({ width: '100%', height: '100%', objectFit: 'cover' });
export const removeThumb = style({ position: 'absolute', insetInlineEnd: 0, top: 0, border: 0, background: 'rgba(0,0,0,0.6)', color: '#fff', cursor: 'pointer', padding: '0 6px' });
export const line = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.md, alignItems: 'baseline' });
export const quote = style({ margin: 0, padding: vars.space.sm, borderInlineStart: `3px solid ${vars.color.border}`, whiteSpace: 'pre-wrap' });
export const deadline = style({ margin: 0, padding: vars.space.sm, borderRadius: vars.radius.md, background: vars.color.brandSoft });
export const warning = style({ color: vars.color.danger, fontWeight: 600, margin: 0 });
export const timeline = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const tabs = style({ display: 'flex', gap: vars.space.xs, overflowX: 'auto', padding: `0 ${vars.space.lg}` });
export const tab = style({ border: 0, background: 'transparent', padding: vars.space.sm, cursor: 'pointer', whiteSpace: 'nowrap', selectors: { '&[aria-selected="true"]': { color: vars.color.brand, fontWeight: 700, borderBottom: `2px solid ${vars.color.brand}` } } });
export const count = style({ marginInlineStart: vars.space.xs, borderRadius: vars.radius.pill, background: vars.color.danger, color: '#fff', padding: '0 6px', fontSize: vars.font.size.sm });
export const listItem = style({ display: 'flex', gap: vars.space.md, alignItems: 'center', width: '100%', textAlign: 'start', border: 0, background: vars.color.surface, borderRadius: vars.radius.md, padding: vars.space.md, cursor: 'pointer', font: 'inherit', color: 'inherit' });
export const listImage = style({ width: '56px', height: '56px', borderRadius: vars.radius.sm, objectFit: 'cover', background: vars.color.brandSoft });
export const grow = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
/** The staff's desk: the queue beside the open case on a desktop; stacked on a phone. */
export const desk = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.lg,
  padding: vars.space.lg,
  '@media': { 'screen and (min-width: 900px)': { gridTemplateColumns: 'minmax(280px, 1fr) 2fr', alignItems: 'start' } },
});
export const overdueTag = style({ color: vars.color.danger, fontWeight: 700 });
