import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../src/theme/theme.css';

export const gallery = style({ display: 'flex', overflowX: 'auto', scrollSnapType: 'x mandatory', background: vars.color.surface, scrollbarWidth: 'none' });
export const slide = style({ flex: '0 0 100%', scrollSnapAlign: 'center', aspectRatio: '1 / 1', width: '100%', height: 'auto', objectFit: 'cover', display: 'block' });
export const dots = style({ display: 'flex', justifyContent: 'center', gap: 0, padding: `${vars.space.xs} ${vars.space.sm}` });
/** A dot is a 24×24 px button (the touch target) around its 8 px mark. */
export const dot = style({ width: '24px', height: '24px', display: 'grid', placeItems: 'center', border: 'none', padding: 0, background: 'none', cursor: 'pointer', borderRadius: '50%' });
export const dotMark = style({ width: '8px', height: '8px', borderRadius: '50%', background: vars.color.border });
export const dotOn = style({ background: vars.color.brand });
export const price = style({ color: vars.color.brandStrong, fontWeight: 800, fontSize: vars.font.size.xxl, margin: 0 });
export const row = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.md, flexWrap: 'wrap' });
export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const chip = style({
  minHeight: '36px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  font: 'inherit',
  selectors: { '&:disabled': { opacity: 0.45, cursor: 'not-allowed', textDecoration: 'line-through' } },
});
export const chipOn = style({ borderColor: vars.color.brand, background: vars.color.brandSoft, color: vars.color.brandStrong, fontWeight: 600 });
export const dl = style({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: `${vars.space.xs} ${vars.space.md}`, margin: 0 });
export const dt = style({ color: vars.color.textMuted });
export const dd = style({ margin: 0 });
export const description = style({ whiteSpace: 'pre-wrap', lineHeight: 1.6, margin: 0 });
export const sellerCard = style({ display: 'flex', alignItems: 'center', gap: vars.space.md });
export const avatar = style({
  width: '44px',
  height: '44px',
  borderRadius: '50%',
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontWeight: 800,
  flexShrink: 0,
});
export const grow = style({ flex: 1, minWidth: 0 });
export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });
export const comment = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.md, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const stars = style({ color: vars.color.accent, letterSpacing: '2px' });
export const starButton = style({ border: 'none', background: 'transparent', fontSize: '26px', cursor: 'pointer', color: vars.color.border, padding: '0 2px' });
export const starOn = style({ color: vars.color.accent });
export const textarea = style({
  width: '100%',
  minHeight: '80px',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  font: 'inherit',
  resize: 'vertical',
});
export const input = style({
  width: '100%',
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  font: 'inherit',
  background: vars.color.surface,
});
export const error = style({ color: vars.color.danger, fontSize: vars.font.size.sm, margin: 0 });
export const searchBar = style({ display: 'flex', gap: vars.space.sm, padding: vars.space.lg, background: vars.color.surface });
export const historyItem = style({
  minHeight: '32px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: 'none',
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
  cursor: 'pointer',
  font: 'inherit',
});
export const tabs = style({ display: 'flex', gap: vars.space.sm, overflowX: 'auto', paddingBottom: vars.space.xs });
// A category name stays on one line, the tabs scroll sideways (issue 33, finding 8: names wrapped onto three lines).
globalStyle(`${tabs} > button`, { flex: 'none', whiteSpace: 'nowrap' });
export const storeHead = style({ display: 'flex', alignItems: 'center', gap: vars.space.md });
export const sectionTitle = style({ margin: `0 0 ${vars.space.md}`, fontSize: vars.font.size.lg });
export const label = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, fontWeight: 600 });
export const checkbox = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });

// Search (issue 22): suggestions, sort chips, the filters sheet, the count, nothing found.
export const resultsStack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const suggestions = style({ listStyle: 'none', margin: 0, padding: 0 });
export const suggestionText = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm });
export const refineBar = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.xs });
/** The sort chips scroll sideways within what the pinned Filters chip leaves (issue 33, finding 8). */
export const sortBar = style({ display: 'flex', flex: '1 1 auto', minWidth: 0, gap: vars.space.xs, overflowX: 'auto', paddingBottom: vars.space.xs });
export const sortChip = style({
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '36px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: { '&[aria-pressed="true"]': { background: vars.color.brandSoft, borderColor: vars.color.brand, color: vars.color.brandStrong, fontWeight: 600 } },
});
export const count = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.size.sm });
export const filterForm = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const fieldset = style({ border: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const legend = style({ fontWeight: 700, padding: 0, marginBottom: vars.space.sm });
export const priceRow = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: vars.space.sm });
export const sheetActions = style({ display: 'grid', gridTemplateColumns: '1fr 2fr', gap: vars.space.sm });
export const nothing = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const nothingCard = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.sm, textAlign: 'center', color: vars.color.textMuted });
export const nothingTitle = style({ margin: 0, fontWeight: 700, color: vars.color.text, overflowWrap: 'anywhere' });

// The product page's buying (issue 22): the sticky bar, the specification sheet, the photo viewer.
export const galleryFrame = style({ position: 'relative' });
export const counter = style({
  position: 'absolute',
  insetInlineEnd: vars.space.md,
  bottom: '40px',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '32px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: 'none',
  background: 'rgba(20, 12, 40, 0.72)',
  color: '#fff',
  font: 'inherit',
  fontSize: vars.font.size.sm,
  fontVariantNumeric: 'tabular-nums',
  cursor: 'pointer',
});
export const skuRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, width: '100%', padding: 0, border: 'none', background: 'none', color: vars.color.text, font: 'inherit', textAlign: 'start', cursor: 'pointer', minHeight: '44px' });
export const skuLabel = style({ display: 'block', fontWeight: 700 });
export const buyBar = style({
  position: 'sticky',
  bottom: 0,
  zIndex: 5,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.sm} ${vars.space.sm}`,
  paddingBottom: `max(${vars.space.sm}, env(safe-area-inset-bottom))`,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
});
export const barIcon = style({
  flex: 'none',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '2px',
  minWidth: '44px',
  minHeight: '44px',
  padding: `0 2px`,
  border: 'none',
  background: 'none',
  color: vars.color.text,
  font: 'inherit',
  fontSize: '11px',
  cursor: 'pointer',
});
export const barBadgeWrap = style({ position: 'relative', display: 'inline-flex' });
export const barBadge = style({
  position: 'absolute',
  top: '-6px',
  insetInlineEnd: '-10px',
  minWidth: '18px',
  height: '18px',
  padding: '0 4px',
  borderRadius: vars.radius.pill,
  background: vars.color.danger,
  color: '#fff',
  fontSize: '11px',
  lineHeight: '18px',
  textAlign: 'center',
});
export const barActions = style({ flex: 1, minWidth: 0, display: 'grid', gridTemplateColumns: '1fr 1fr', borderRadius: vars.radius.pill, overflow: 'hidden' });
const barAction = {
  minHeight: '44px',
  padding: `0 ${vars.space.xs}`,
  border: 'none',
  font: 'inherit',
  fontWeight: 700,
  fontSize: vars.font.size.md,
  color: '#fff',
  cursor: 'pointer',
  // A long label (Arabic "Add to cart", German) takes two lines rather than an ellipsis.
  lineHeight: 1.2,
  paddingBlock: '2px',
  textAlign: 'center',
  whiteSpace: 'normal',
  overflowWrap: 'break-word',
  selectors: { '&:disabled': { opacity: 0.5, cursor: 'not-allowed' } },
} as const;
export const barAdd = style({ ...barAction, background: '#b54708' });
export const barBuy = style({ ...barAction, background: vars.color.brandStrong });
export const sheetHead = style({ display: 'flex', gap: vars.space.md, alignItems: 'flex-start', marginBottom: vars.space.md });
export const sheetThumb = style({ flex: 'none', width: '88px', height: '88px', borderRadius: vars.radius.md, objectFit: 'cover', background: vars.color.skeleton });
export const sheetFacts = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });
export const sheetPrice = style({ margin: 0, color: vars.color.brandStrong, fontWeight: 800, fontSize: vars.font.size.xl });
export const sheetLabel = style({ margin: `${vars.space.md} 0 ${vars.space.sm}`, fontSize: vars.font.size.md, fontWeight: 700 });
export const quantityRow = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.md });
export const stepper = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm, fontVariantNumeric: 'tabular-nums' });
export const stepButton = style({ display: 'grid', placeItems: 'center', width: '36px', height: '36px', borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}`, background: vars.color.surface, color: vars.color.text, cursor: 'pointer', selectors: { '&:disabled': { opacity: 0.4, cursor: 'not-allowed' } } });
export const visuallyHidden = style({ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' });

// The store header (issue 22, finding 8): holds at 320 px in every language.
export const storeCard = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const storeName = style({ margin: 0, fontSize: vars.font.size.lg, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const storeHandle = style({ margin: '2px 0 0', color: vars.color.textMuted, fontSize: vars.font.size.sm, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const storeStats = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space.sm, margin: 0 });
export const storeStat = style({ display: 'flex', flexDirection: 'column-reverse', alignItems: 'center', padding: vars.space.sm, borderRadius: vars.radius.md, background: vars.color.background, minWidth: 0 });
export const storeFigure = style({ margin: 0, fontSize: vars.font.size.xl, fontWeight: 800, fontVariantNumeric: 'tabular-nums' });
export const storeStatLabel = style({ color: vars.color.textMuted, fontSize: vars.font.size.sm, textAlign: 'center', overflowWrap: 'anywhere' });
export const storeActions = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: vars.space.sm });

// The seller's own product (issue 37, finding 4): its state beside Edit and Take down.
export const ownerState = style({ flex: 1, minWidth: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: '2px', fontSize: vars.font.size.sm, lineHeight: 1.3 });
export const ownerStateLabel = style({ color: vars.color.textMuted, fontSize: vars.font.size.sm });
export const ownerActions = style({ flex: 'none', display: 'flex', borderRadius: vars.radius.pill, overflow: 'hidden' });
globalStyle(`${ownerActions} > button`, { paddingInline: vars.space.md });

// Trust figures (issue 33, finding 7): a shop's figures in the store header and on the product page, a product's rating line.
export const trustFigure = style({ margin: 0, fontSize: vars.font.size.lg, fontWeight: 800, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
/** A figure the seller has nothing behind yet (their own view only): said in words, quieter than a figure. */
export const trustNone = style({ margin: 0, fontSize: vars.font.size.sm, fontWeight: 600, color: vars.color.textMuted, textAlign: 'center', overflowWrap: 'anywhere' });
export const newShop = style({ display: 'inline-block', margin: `0 0 ${vars.space.sm}`, padding: `0 ${vars.space.sm}`, borderRadius: vars.radius.pill, background: vars.color.brandSoft, color: vars.color.brandStrong, fontSize: vars.font.size.sm, fontWeight: 700 });
export const ratingLine = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs, margin: `${vars.space.sm} 0 0`, color: vars.color.textMuted, fontSize: vars.font.size.sm });
export const ratingStar = style({ color: vars.color.accent });
export const ratingValue = style({ color: vars.color.text, fontWeight: 700 });
export const latestRating = style({ padding: `${vars.space.sm} 0`, borderTop: `1px solid ${vars.color.border}` });
