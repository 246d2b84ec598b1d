import { globalStyle, style } from '@vanilla-extract/css';
import { deskMedia } from '../../src/theme/breakpoints';
import { vars } from '../../src/theme/theme.css';
import { Drawing } from './chartLayout';

/** The desk: from 1024 px the chart list sits beside the chart, which fills the rest of the screen. */
const desk = deskMedia;

const missingRed = vars.color.danger;

export const desk_ = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.md,
  '@media': {
    [desk]: {
      display: 'grid',
      gridTemplateColumns: '260px minmax(0, 1fr)',
      height: `calc(100dvh - ${vars.layout.headerHeight})`,
      gap: vars.space.lg,
      padding: vars.space.lg,
    },
  },
});

export const side = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
  '@media': { [desk]: { overflowY: 'auto', minHeight: 0 } },
});

export const intro = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.size.md, lineHeight: 1.5 });

export const chartList = style({
  display: 'flex',
  gap: vars.space.xs,
  listStyle: 'none',
  margin: 0,
  padding: `0 0 ${vars.space.xs}`,
  overflowX: 'auto',
  '@media': { [desk]: { flexDirection: 'column', overflowX: 'visible' } },
});

export const chartChoice = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  width: '100%',
  minHeight: '40px',
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.font.size.md,
  textAlign: 'start',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: {
    '&[aria-current="true"]': { background: vars.color.brand, borderColor: vars.color.brand, color: '#fff' },
    '&:focus-visible': { outline: `2px solid ${vars.color.brandStrong}`, outlineOffset: '2px' },
  },
  '@media': { [desk]: { whiteSpace: 'normal' } },
});

export const choiceCount = style({ fontSize: vars.font.size.sm, fontVariantNumeric: 'tabular-nums', opacity: 0.85 });

export const main = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
  '@media': { [desk]: { minHeight: 0, overflowY: 'auto', paddingInlineEnd: vars.space.xs } },
});

export const chartHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md, justifyContent: 'space-between' });

export const subtitle = style({ fontSize: vars.font.size.lg, fontWeight: 700, margin: 0 });

export const heading = style({ fontSize: vars.font.size.md, fontWeight: 600, margin: 0 });

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs });

export const toolButton = style({
  minWidth: '40px',
  minHeight: '40px',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.font.size.md,
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  selectors: {
    '&:disabled': { opacity: 0.45, cursor: 'default' },
    '&:focus-visible': { outline: `2px solid ${vars.color.brandStrong}`, outlineOffset: '2px' },
  },
});

export const toggle = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, fontSize: vars.font.size.md, minHeight: '40px', paddingInline: vars.space.xs });

export const zoomValue = style({
  minWidth: '52px',
  textAlign: 'center',
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});

export const scroller = style({
  position: 'relative',
  overflow: 'auto',
  height: '60vh',
  minHeight: '240px',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  WebkitOverflowScrolling: 'touch',
  touchAction: 'pan-x pan-y',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.brandStrong}`, outlineOffset: '2px' } },
  '@media': { [desk]: { flexShrink: 0, height: `max(380px, calc(100dvh - ${vars.layout.headerHeight} - 250px))` } },
});

export const placeholder = style({ padding: vars.space.xl, color: vars.color.textMuted, textAlign: 'center', margin: 0 });

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.size.sm });

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.font.size.sm,
  color: vars.color.text,
});

export const legendItem = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });
export const legendCount = style({ color: vars.color.textMuted, fontVariantNumeric: 'tabular-nums' });

export const panels = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  '@media': { [desk]: { gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))' } },
});

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
});

export const svg = style({ display: 'block', fontFamily: vars.font.body });

export const state = style({ fill: vars.color.surface, stroke: vars.color.border, strokeWidth: 1.5 });
export const stateActive = style({ fill: vars.color.brandSoft, stroke: vars.color.brand, strokeWidth: 2.5 });
export const container = style({ fill: vars.color.background, fillOpacity: 0.5, stroke: vars.color.border, strokeWidth: 1.5 });
export const containerActive = style({ fill: vars.color.brandSoft, fillOpacity: 0.35, stroke: vars.color.brand, strokeWidth: 2 });
export const region = style({ strokeDasharray: '6 4' });
export const finalInner = style({ fill: 'none', strokeWidth: 1 });
export const initialDot = style({ fill: vars.color.text });

export const stateName = style({ fill: vars.color.text, fontSize: `${Drawing.stateFont}px`, fontWeight: 500 });
export const stateDetail = style({ fill: vars.color.textMuted, fontSize: `${Drawing.detailFont}px`, fontWeight: 400, fontFamily: 'ui-monospace, monospace' });
export const containerName = style({ fill: vars.color.text, fontSize: `${Drawing.stateFont}px`, fontWeight: 700 });

/** Arrows by where they were walked: in the browser (green, thick), through the API (purple), on the chart only (grey dashes), not at all (red dots). */
export const edgeUi = style({ fill: 'none', stroke: vars.color.success, strokeWidth: 2.5 });
export const edgeApi = style({ fill: 'none', stroke: vars.color.brandStrong, strokeWidth: 2 });
export const edgeChart = style({ fill: 'none', stroke: vars.color.textMuted, strokeWidth: 1.5, strokeDasharray: '6 4' });
export const edgeNone = style({ fill: 'none', stroke: missingRed, strokeWidth: 1.5, strokeDasharray: '2 3' });
export const edgeHalo = style({ fill: 'none', stroke: vars.color.accent, strokeOpacity: 0.55, strokeWidth: 8, strokeLinecap: 'round' });
export const arrowUi = style({ fill: vars.color.success });
export const arrowApi = style({ fill: vars.color.brandStrong });
export const arrowChart = style({ fill: vars.color.textMuted });
export const arrowNone = style({ fill: missingRed });
export const edgeLabelBox = style({ fill: vars.color.surface, fillOpacity: 0.92 });
export const edgeLabelBoxLive = style({ fill: '#fff4dc', fillOpacity: 1, stroke: vars.color.accent, strokeWidth: 1 });
export const edgeLabel = style({ fill: vars.color.text, fontSize: `${Drawing.labelFont}px` });
export const edgeEvent = style({ fontWeight: 700 });
export const guardBoth = style({ fill: vars.color.success });
export const guardShort = style({ fill: missingRed, fontWeight: 600 });

/** The legend's sample of a line. */
export const swatch = style({ display: 'block', flexShrink: 0 });

export const currentValue = style({ margin: 0, display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'baseline' });

export const stateValue = style({ fontWeight: 700, color: vars.color.brandStrong, wordBreak: 'break-word' });

export const events = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, listStyle: 'none', margin: 0, padding: 0 });

export const eventButton = style({ maxWidth: '100%', wordBreak: 'break-word', paddingTop: vars.space.xs, paddingBottom: vars.space.xs });

export const notice = style({ margin: 0, color: vars.color.danger, lineHeight: 1.5 });

export const conditions = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.size.sm });
export const conditionCell = style({ padding: `${vars.space.xs} ${vars.space.xs}`, borderTop: `1px solid ${vars.color.border}`, textAlign: 'start', verticalAlign: 'top' });
export const seen = style({ color: vars.color.success, fontWeight: 600 });
export const unseen = style({ color: missingRed, fontWeight: 600 });

export const form = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'flex-end' });
export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, fontSize: vars.font.size.sm, minWidth: 0 });
export const input = style({
  minHeight: '40px',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.font.size.md,
  width: '9em',
});
export const replayLine = style({ margin: 0, lineHeight: 1.5, wordBreak: 'break-word' });
export const replayTime = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.size.sm });
export const conditionWhere = style({ display: 'block', color: vars.color.textMuted });

/** The "In production" view (issue 35): a timer's share drawn inside its arrow in amber, counts as pills. */
const timerAmber = '#b45309';
export const edgeTimer = style({ fill: 'none', stroke: timerAmber, strokeOpacity: 0.9, pointerEvents: 'none' });
export const timerSwatch = style({ fill: 'none', stroke: timerAmber, strokeWidth: 5 });
export const stateTap = style({ cursor: 'pointer' });
export const edgeCount = style({ fontSize: '11px', fontWeight: 700, fontVariantNumeric: 'tabular-nums', fill: vars.color.brandStrong, stroke: 'none' });
export const stateCount = style({ fontSize: '11px', fontWeight: 700, fontVariantNumeric: 'tabular-nums', fill: vars.color.surface, stroke: 'none' });
globalStyle(`${edgeCount} rect`, { fill: vars.color.surface, stroke: vars.color.brandStrong, strokeWidth: 1 });
globalStyle(`${stateCount} rect`, { fill: vars.color.brandStrong });

export const viewSwitch = style({ display: 'inline-flex', flexWrap: 'wrap', flexShrink: 0, gap: '2px', padding: '2px', border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm, alignSelf: 'flex-start', maxWidth: '100%' });
export const viewChoice = style({
  minHeight: '40px',
  borderRadius: vars.radius.sm,
  padding: `0 ${vars.space.md}`,
  border: 'none',
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.font.size.md,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { background: vars.color.brandStrong, color: vars.color.surface, fontWeight: 600 },
    '&:focus-visible': { outline: `2px solid ${vars.color.brandStrong}`, outlineOffset: '-3px' },
  },
});
export const select = style([input, { width: 'auto', maxWidth: '14em' }]);
export const figures = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.size.sm, fontVariantNumeric: 'tabular-nums' });
export const figureCell = style({ padding: `${vars.space.xs} ${vars.space.xs}`, borderTop: `1px solid ${vars.color.border}`, textAlign: 'start', verticalAlign: 'top' });
export const numberCell = style([figureCell, { textAlign: 'end', whiteSpace: 'nowrap' }]);
export const tableScroll = style({ overflowX: 'auto', maxWidth: '100%' });
export const linkButton = style({
  padding: 0,
  minHeight: '32px',
  border: 'none',
  background: 'none',
  color: vars.color.brandStrong,
  font: 'inherit',
  textAlign: 'start',
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.brandStrong}`, outlineOffset: '2px' } },
});
export const funnelBar = style({ display: 'block', height: '8px', borderRadius: '4px', background: vars.color.brand, minWidth: '2px' });
export const records = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, listStyle: 'none', margin: 0, padding: 0 });
export const recordRow = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: vars.space.sm, alignItems: 'center', borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.xs });
export const late = style({ color: missingRed, fontWeight: 600 });
/** The production figures: two columns on a desk, so the tables keep their columns readable. */
export const productionPanels = style([panels, { '@media': { [desk]: { gridTemplateColumns: 'repeat(auto-fit, minmax(440px, 1fr))' } } }]);
/** The states' and arrows' tables take the whole row. */
export const widePanel = style([panel, { gridColumn: '1 / -1' }]);
export const funnelRow = style({ display: 'flex', flexDirection: 'column', gap: '4px', borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.xs });
