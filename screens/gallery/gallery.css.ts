import { style } from '@vanilla-extract/css';
import { vars } from '../../src/theme/theme.css';
import { Drawing } from './chartLayout';

export const chartList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const chartChoice = style({
  selectors: {
    '&[aria-pressed="true"]': { background: vars.color.brand, color: '#fff' },
  },
});

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const subtitle = style({ fontSize: vars.font.size.lg, fontWeight: 700, margin: 0 });

export const heading = style({ fontSize: vars.font.size.md, fontWeight: 600, margin: 0 });

export const toolbar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.xs,
});

export const zoomValue = style({
  minWidth: '48px',
  textAlign: 'center',
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});

export const scroller = style({
  overflow: 'auto',
  maxHeight: '70vh',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  WebkitOverflowScrolling: 'touch',
});

export const placeholder = style({
  padding: vars.space.xl,
  color: vars.color.textMuted,
  textAlign: 'center',
  margin: 0,
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
export const containerName = style({ fill: vars.color.text, fontSize: `${Drawing.stateFont}px`, fontWeight: 700 });

export const edge = style({ fill: 'none', stroke: vars.color.textMuted, strokeWidth: 1.25 });
export const edgeActive = style({ fill: 'none', stroke: vars.color.brand, strokeWidth: 2 });
export const arrow = style({ fill: vars.color.textMuted });
export const arrowActive = style({ fill: vars.color.brand });
export const edgeLabelBox = style({ fill: vars.color.surface, fillOpacity: 0.9 });
export const edgeLabel = style({ fill: vars.color.textMuted, fontSize: `${Drawing.labelFont}px` });
export const edgeLabelActive = style({ fill: vars.color.brandStrong, fontSize: `${Drawing.labelFont}px` });
export const edgeEvent = style({ fontWeight: 700 });

export const currentValue = style({
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'baseline',
});

export const stateValue = style({
  fontWeight: 700,
  color: vars.color.brandStrong,
  wordBreak: 'break-word',
});

export const events = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const eventButton = style({ maxWidth: '100%', wordBreak: 'break-word', paddingTop: vars.space.xs, paddingBottom: vars.space.xs });

export const notice = style({ margin: 0, color: vars.color.danger, lineHeight: 1.5 });

export const missingList = style({ margin: `${vars.space.sm} 0 0`, paddingInlineStart: vars.space.xl, color: vars.color.textMuted, wordBreak: 'break-word' });
