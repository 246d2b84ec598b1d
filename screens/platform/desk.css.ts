import { style } from '@vanilla-extract/css';
import { deskMedia } from '../../src/theme/breakpoints';
import { vars } from '../../src/theme/theme.css';

/** The console as a desk (issue 24): rows with an actions menu. */
export const userRow = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.md });
export const userInfo = style({ flex: 1, minWidth: 0, overflowWrap: 'anywhere' });
export const menuWrap = style({ position: 'relative', flexShrink: 0 });
export const menuButton = style({
  width: '44px',
  height: '44px',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
});
export const menu = style({
  position: 'absolute',
  insetInlineEnd: 0,
  top: 'calc(100% + 4px)',
  zIndex: 5,
  minWidth: '200px',
  display: 'flex',
  flexDirection: 'column',
  padding: vars.space.xs,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.sheet,
});
export const menuItem = style({
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.text,
  textAlign: 'start',
  font: 'inherit',
  cursor: 'pointer',
  selectors: { '&:hover, &:focus-visible': { background: vars.color.brandSoft } },
});
export const menuDanger = style({ color: vars.color.danger, fontWeight: 600 });

const deskWidth = deskMedia;

/** The dashboard: one column on a phone, tiles at a desk. */
export const dashboard = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.md,
  '@media': { [deskWidth]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});
export const tile = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'stretch',
  gap: vars.space.xs,
  minHeight: '88px',
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  textAlign: 'start',
  font: 'inherit',
  cursor: 'pointer',
  selectors: { '&:hover': { borderColor: vars.color.brand } },
});
export const tileHead = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: vars.space.sm });
const count = { flexShrink: 0, padding: `2px ${vars.space.sm}`, borderRadius: vars.radius.pill, fontSize: vars.font.size.sm, fontWeight: 700 } as const;
export const countBusy = style({ ...count, background: vars.color.brandStrong, color: '#fff' });
export const countEmpty = style({ ...count, background: vars.color.skeleton, color: vars.color.text, fontWeight: 500 });
export const oldest = style({ color: vars.color.text, fontWeight: 600 });

/** A withdrawal to review beside its person: two columns at a desk, stacked on a phone. */
export const reviewItem = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.lg,
  '@media': { [deskWidth]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' } },
});
export const reviewMain = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });

/** A product to review: its pictures large (issue 24, finding 17), each a button opening the viewer. */
export const pictures = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  gap: vars.space.sm,
  overflowX: 'auto',
  '@media': { [deskWidth]: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', overflowX: 'visible' } },
});
export const picture = style({
  display: 'block',
  width: '240px',
  aspectRatio: '1',
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.skeleton,
  overflow: 'hidden',
  cursor: 'zoom-in',
  '@media': { [deskWidth]: { width: '100%' } },
});
export const pictureImage = style({ display: 'block', width: '100%', height: '100%', objectFit: 'cover' });
/** A refusal on a review card (the product, seller and KYC queues), in the theme's danger colour. */
export const alertText = style({ color: vars.color.danger, margin: 0 });
/** The payout alert's edge while payouts are held. */
export const alertEdge = style({ borderInlineStart: `4px solid ${vars.color.danger}` });
