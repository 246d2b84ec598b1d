import { style } from '@vanilla-extract/css';
import * as shared from '../../src/app/orders/orders.css';
import { vars } from '../../src/theme/theme.css';
import { card } from '../../src/theme/ui.css';

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
export const badge = style([shared.badge, { minWidth: '20px', height: '20px', padding: '0 6px', fontSize: vars.font.size.sm, lineHeight: 1 }]);
export const orderCard = style([card, { display: 'flex', flexDirection: 'column', gap: vars.space.sm, width: '100%' }]);
export const cardOpen = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  width: '100%',
  padding: 0,
  border: 'none',
  background: 'none',
  color: vars.color.text,
  textAlign: 'start',
  cursor: 'pointer',
});
/** The foot of an order card, under a line: its countdown and Pay now, or its steps. */
const cardFoot = style({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: vars.space.sm, borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.sm });
export const payRow = style([cardFoot, { justifyContent: 'space-between' }]);
export const countdown = style({ color: '#b54708', fontWeight: 600, fontVariantNumeric: 'tabular-nums' });
/** A card's own steps (Check the goods, Rate), at its end. */
export const cardActions = style([cardFoot, { justifyContent: 'flex-end' }]);
export const cardHead = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm, width: '100%' });
export const cardBody = style({ display: 'flex', gap: vars.space.md, alignItems: 'center', width: '100%' });
export const thumb = style({ flex: 'none', width: '64px', height: '64px', borderRadius: vars.radius.md, objectFit: 'cover', background: vars.color.skeleton });
export const grow = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const ellipsis = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
/** A status in its tone's colour (src/domain/orderStatus.ts, orderStatusTone): each at least 4.5:1 on white. */
export const status = style({
  color: vars.color.brandStrong,
  fontWeight: 600,
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  selectors: {
    '&[data-tone="toPay"]': { color: '#b54708' },
    '&[data-tone="active"]': { color: vars.color.brandStrong },
    '&[data-tone="problem"]': { color: vars.color.danger },
    '&[data-tone="done"]': { color: '#067647' },
    '&[data-tone="closed"]': { color: vars.color.textMuted },
  },
});
export const amount = style({ fontWeight: 700, whiteSpace: 'nowrap' });
export const rowValue = style({ textAlign: 'end', overflowWrap: 'anywhere' });
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
export const textarea = style([shared.textBox, { minHeight: '110px', padding: vars.space.md, resize: 'vertical' }]);
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
export const footer = style([shared.footer, { alignItems: 'center' }]);
export const emptyIcon = style({ display: 'inline-flex', color: vars.color.textMuted });
export const copyRow = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });
export const mono = style({ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', overflowWrap: 'anywhere' });
export const check = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.sm, paddingBlock: vars.space.sm, borderBottom: `1px solid ${vars.color.border}` });
export const quote = style({ margin: 0, paddingInlineStart: vars.space.md, borderInlineStart: `3px solid ${vars.color.brandSoft}`, whiteSpace: 'pre-wrap' });
