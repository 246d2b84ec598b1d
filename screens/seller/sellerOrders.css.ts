import { style } from '@vanilla-extract/css';
import { deskMedia } from '../../src/theme/breakpoints';
import * as shared from '../../src/app/orders/orders.css';
import { vars } from '../../src/theme/theme.css';

/** The seller's order screens: seller centre, order lists, shipping, ship, detail, cancel, rate. */
export const strong = style({ fontWeight: 700 });
export const small = style({ fontSize: vars.font.size.sm, color: vars.color.textMuted, margin: 0 });
// (the accent orange is 2:1 on white; text needs 4.5:1 — axe, issue 11)
export const problem = style([shared.problem, { fontSize: vars.font.size.sm }]);

// Money summary of the seller centre.
export const money = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  background: `linear-gradient(135deg, ${vars.color.brand}, ${vars.color.brandStrong})`,
  color: '#fff',
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
});
export const moneyTitle = style({ margin: 0, fontSize: vars.font.size.md, fontWeight: 700 });
// Three figures in a row while their amounts fit whole; a figure too wide for its third moves to the next line
// rather than breaking its amount (issue 37, finding 3: "π 38.92756" broke mid-number at 320 px).
export const moneyFigures = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, margin: 0 });
export const moneyCell = style({ display: 'flex', flexDirection: 'column', gap: '2px', flex: '1 1 6rem' });
export const moneyLabel = style({ fontSize: vars.font.size.sm, fontWeight: 600, margin: 0 });
export const moneyValue = style({ fontSize: vars.font.size.lg, fontWeight: 700, margin: 0 });
export const moneyNote = style({ fontSize: vars.font.size.sm, margin: 0, lineHeight: 1.35 });
export const moneyTotal = style({ margin: 0, paddingTop: vars.space.sm, borderTop: '1px solid rgba(255,255,255,0.35)', fontWeight: 700 });

// Shortcuts with badges.
export const shortcuts = style({ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: vars.space.sm });
export const shortcut = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  minHeight: '64px',
  padding: vars.space.sm,
  border: 'none',
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
  color: vars.color.text,
  fontSize: vars.font.size.sm,
  textAlign: 'center',
  cursor: 'pointer',
});
export const shortcutIcon = style({ fontSize: '20px' });
export const badge = style([shared.badge, { position: 'absolute', top: '4px', insetInlineEnd: '4px', minWidth: '18px', height: '18px', padding: '0 4px', fontSize: '11px' }]);

// Tabs.
export const tabs = style({ display: 'flex', gap: vars.space.sm, overflowX: 'auto', paddingBottom: vars.space.xs });
export const tab = style({
  flex: 'none',
  minHeight: '36px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  font: 'inherit',
  selectors: { '&[aria-selected="true"]': { borderColor: vars.color.brand, background: vars.color.brandSoft, color: vars.color.brandStrong, fontWeight: 600 } },
});

// Order cards.
export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  display: 'flex',
  flexDirection: 'column',
  overflow: 'hidden',
});
export const cardMain = style({
  display: 'flex',
  gap: vars.space.md,
  alignItems: 'flex-start',
  width: '100%',
  padding: vars.space.lg,
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  textAlign: 'start',
  font: 'inherit',
  cursor: 'pointer',
});
export const cardBody = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const cardNo = style({
  flex: 1,
  minWidth: 0,
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.font.size.sm,
  color: vars.color.textMuted,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const cardTitle = style({ margin: 0, fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const thumb = style({ width: '56px', height: '56px', flex: 'none', borderRadius: vars.radius.md, objectFit: 'cover', background: vars.color.skeleton });
export const status = style({
  flex: 'none',
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
  fontSize: vars.font.size.sm,
  fontWeight: 600,
});
export const dot = style([shared.dot, { flex: 'none' }]);
export const cardActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  justifyContent: 'flex-end',
  alignItems: 'center',
  padding: `0 ${vars.space.lg} ${vars.space.lg}`,
});
export const pick = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, marginInlineEnd: 'auto', cursor: 'pointer' });

// Forms.
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const label = style({ fontWeight: 600 });
export const textarea = style([shared.textBox, { minHeight: '96px', padding: vars.space.md, resize: 'vertical' }]);
export const choice = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  cursor: 'pointer',
});
export const scores = style({ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: vars.space.xs });
export const score = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '2px',
  minHeight: '56px',
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.font.size.sm,
  cursor: 'pointer',
  selectors: { '&[aria-pressed="true"]': { borderColor: vars.color.brand, background: vars.color.brandSoft, color: vars.color.brandStrong, fontWeight: 700 } },
});
export const scoreStar = style({ fontSize: '18px' });

// Detail.
export const items = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const timeline = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const timelineItem = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  paddingInlineStart: vars.space.md,
  borderInlineStart: `2px solid ${vars.color.brandSoft}`,
});
export const emptyIcon = style({ fontSize: '40px', margin: 0 });

// The seller's to-do list (issue 37, finding 2): one row per thing waiting, its count and time left.
export const todo = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xs });
export const todoRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: '100%',
  minHeight: '56px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  selectors: { '&[data-waiting="false"]': { color: vars.color.textMuted } },
});
export const todoIcon = style({ flex: 'none', display: 'grid', placeItems: 'center' });
export const todoText = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: '2px' });
export const todoLabel = style({ fontWeight: 600 });
/** The time left: muted while calm; close and urgent take the colour and weight of src/app/amounts.css.ts. */
export const todoDue = style({ fontSize: vars.font.size.sm, selectors: { '&[data-level="calm"]': { color: vars.color.textMuted } } });

/**
 * The seller centre at a desk (from 1024 px; the shell gives it the window's width, like the console): the to-do
 * list across the top, as Shopee's seller centre leads with its to-do tiles; below it the orders to confirm
 * beside a column of the shop's performance, the money and the shortcuts. On a phone the one column stays.
 */
const desk = deskMedia;
export const centre = style({
  '@media': {
    [desk]: {
      display: 'grid',
      gridTemplateColumns: 'minmax(0, 3fr) minmax(320px, 2fr)',
      gridTemplateAreas: '"today today" "confirm performance" "confirm money" "confirm links" "confirm rest"',
      gridTemplateRows: 'auto auto auto auto 1fr',
      alignItems: 'start',
      columnGap: vars.space.xl,
      maxWidth: '1200px',
      width: '100%',
      marginInline: 'auto',
      padding: vars.space.xl,
    },
  },
});
export const areaToday = style({ '@media': { [desk]: { gridArea: 'today' } } });
export const areaConfirm = style({ '@media': { [desk]: { gridArea: 'confirm' } } });
export const areaPerformance = style({ '@media': { [desk]: { gridArea: 'performance' } } });
export const areaMoney = style({ '@media': { [desk]: { gridArea: 'money' } } });
export const areaLinks = style({ '@media': { [desk]: { gridArea: 'links' } } });
/** The to-do tiles side by side at a desk; one under another on a phone. */
export const todoWide = style({ '@media': { [desk]: { gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: vars.space.sm } } });
