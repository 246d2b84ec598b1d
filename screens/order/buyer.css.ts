import { style } from '@vanilla-extract/css';
import { vars } from '../../src/theme/theme.css';

/** The buyer's order screens: my orders, order detail, cancellation, refund, rating, after-sales, logistics, check. */
export const tabs = style({ display: 'flex', gap: vars.space.xs, overflowX: 'auto', paddingBottom: vars.space.xs });
export const tab = style({
  position: 'relative',
  flex: '1 0 auto',
  minHeight: '40px',
  padding: `0 ${vars.space.sm}`,
  whiteSpace: 'nowrap',
  fontSize: vars.font.size.sm,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  selectors: { '&[aria-selected="true"]': { background: vars.color.brand, borderColor: vars.color.brand, color: '#fff', fontWeight: 600 } },
});
export const badge = style({
  minWidth: '20px',
  height: '20px',
  padding: '0 6px',
  borderRadius: vars.radius.pill,
  background: vars.color.danger,
  color: '#fff',
  fontSize: vars.font.size.sm,
  fontWeight: 700,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  lineHeight: 1,
});
export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const orderCard = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  width: '100%',
  padding: vars.space.lg,
  border: 'none',
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
  color: vars.color.text,
  textAlign: 'start',
  cursor: 'pointer',
});
export const cardHead = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm, width: '100%' });
export const cardBody = style({ display: 'flex', gap: vars.space.md, alignItems: 'center', width: '100%' });
export const thumb = style({ flex: 'none', width: '64px', height: '64px', borderRadius: vars.radius.md, objectFit: 'cover', background: vars.color.skeleton });
export const grow = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const ellipsis = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const status = style({ color: vars.color.brandStrong, fontWeight: 600, display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });
export const dot = style({ display: 'inline-block', width: '8px', height: '8px', borderRadius: '50%', background: vars.color.danger });
export const amount = style({ fontWeight: 700, whiteSpace: 'nowrap' });
export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const heading = style({ margin: 0, fontSize: vars.font.size.lg, fontWeight: 700 });
export const row = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.md, alignItems: 'baseline' });
export const rowValue = style({ textAlign: 'end', overflowWrap: 'anywhere' });
export const statusBanner = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: `linear-gradient(135deg, ${vars.color.brand}, ${vars.color.brandStrong})`,
  color: '#fff',
});
export const bannerTitle = style({ margin: 0, fontSize: vars.font.size.xl, fontWeight: 700 });
export const bannerNote = style({ margin: 0, opacity: 0.9, lineHeight: 1.5 });
export const bannerLink = style({
  alignSelf: 'flex-start',
  minHeight: '36px',
  padding: `0 ${vars.space.md}`,
  marginTop: vars.space.xs,
  border: '1px solid rgba(255,255,255,0.7)',
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: '#fff',
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
});
export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap', justifyContent: 'flex-end' });
export const item = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.md, paddingBlock: vars.space.sm, borderBottom: `1px solid ${vars.color.border}` });
export const timeline = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' });
export const step = style({
  position: 'relative',
  paddingInlineStart: vars.space.xl,
  paddingBottom: vars.space.md,
  borderInlineStart: `2px solid ${vars.color.border}`,
  marginInlineStart: '6px',
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  selectors: { '&:last-child': { borderInlineStartColor: 'transparent' } },
});
export const stepDot = style({
  position: 'absolute',
  insetInlineStart: '-7px',
  top: '2px',
  width: '12px',
  height: '12px',
  borderRadius: '50%',
  background: vars.color.border,
  selectors: { [`${step}:first-child &`]: { background: vars.color.brand } },
});
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, border: 'none', margin: 0, padding: 0 });
export const label = style({ fontWeight: 600, padding: 0 });
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
export const textarea = style([input, { minHeight: '110px', padding: vars.space.md, resize: 'vertical' }]);
export const option = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minHeight: '44px', borderBottom: `1px solid ${vars.color.border}`, cursor: 'pointer' });
export const stars = style({ display: 'flex', gap: vars.space.xs, flexWrap: 'wrap' });
export const star = style({
  minWidth: '48px',
  minHeight: '48px',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.textMuted,
  fontSize: '24px',
  cursor: 'pointer',
  selectors: { '&[aria-checked="true"]': { color: vars.color.accent, borderColor: vars.color.accent } },
});
export const starFilled = style({ color: vars.color.accent });
export const switchRow = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.md, minHeight: '44px' });
export const problem = style({ color: vars.color.danger, margin: 0 });
export const footer = style({
  position: 'sticky',
  bottom: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  padding: vars.space.md,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
});
export const empty = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.md, padding: `${vars.space.xxl} ${vars.space.lg}`, textAlign: 'center' });
export const emptyIcon = style({ display: 'inline-flex', color: vars.color.textMuted });
export const copyRow = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });
export const mono = style({ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', overflowWrap: 'anywhere' });
export const check = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.sm, paddingBlock: vars.space.sm, borderBottom: `1px solid ${vars.color.border}` });
export const quote = style({ margin: 0, paddingInlineStart: vars.space.md, borderInlineStart: `3px solid ${vars.color.brandSoft}`, whiteSpace: 'pre-wrap' });
