import { style } from '@vanilla-extract/css';
import { vars } from '../../src/theme/theme.css';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const label = style({ fontWeight: 600 });
export const input = style({
  width: '100%',
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  font: 'inherit',
  color: vars.color.text,
});
export const textarea = style([input, { minHeight: '120px', padding: vars.space.md, resize: 'vertical' }]);
export const invalid = style({ borderColor: vars.color.danger });
export const error = style({ color: vars.color.danger, fontSize: vars.font.size.sm, margin: 0 });
export const hint = style({ color: vars.color.textMuted, fontSize: vars.font.size.sm, margin: 0 });
export const thumbs = style({ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: vars.space.sm });
export const thumb = style({ position: 'relative', borderRadius: vars.radius.md, overflow: 'hidden', background: vars.color.skeleton, aspectRatio: '1 / 1' });
export const thumbImg = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' });
export const thumbBar = style({ position: 'absolute', insetInline: 0, bottom: 0, display: 'flex', justifyContent: 'space-between', background: 'rgba(0,0,0,0.45)' });
export const thumbButton = style({ border: 'none', background: 'transparent', color: '#fff', minWidth: '32px', minHeight: '32px', cursor: 'pointer', fontSize: '16px' });
export const progress = style({ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: vars.font.size.sm, color: vars.color.textMuted });
export const addTile = style({
  aspectRatio: '1 / 1',
  borderRadius: vars.radius.md,
  border: `2px dashed ${vars.color.border}`,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: vars.color.brandStrong,
  cursor: 'pointer',
  textAlign: 'center',
  fontSize: vars.font.size.sm,
});
export const hiddenInput = style({ position: 'absolute', width: '1px', height: '1px', opacity: 0, overflow: 'hidden' });
export const skuRow = style({ display: 'grid', gridTemplateColumns: '1fr 1fr 72px auto', gap: vars.space.xs, alignItems: 'start' });
export const choices = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const choice = style({
  minHeight: '36px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  font: 'inherit',
});
export const choiceOn = style({ borderColor: vars.color.brand, background: vars.color.brandSoft, color: vars.color.brandStrong, fontWeight: 600 });
export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });
export const productRow = style({ display: 'flex', gap: vars.space.md, alignItems: 'flex-start', padding: `${vars.space.md} 0`, borderBottom: `1px solid ${vars.color.border}` });
export const productImg = style({ width: '72px', height: '72px', borderRadius: vars.radius.md, objectFit: 'cover', background: vars.color.skeleton, flexShrink: 0 });
export const grow = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const status = style({ alignSelf: 'flex-start', padding: `0 ${vars.space.sm}`, borderRadius: vars.radius.pill, background: vars.color.brandSoft, color: vars.color.brandStrong, fontSize: vars.font.size.sm });
export const reason = style({ color: vars.color.danger, fontSize: vars.font.size.sm, margin: 0 });
export const tabs = style({ display: 'flex', gap: vars.space.sm, overflowX: 'auto' });
