import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../src/theme/theme.css';

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const heading = style({ margin: 0, fontSize: vars.font.size.lg, fontWeight: 700 });
export const option = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.sm, padding: `${vars.space.sm} 0`, borderBottom: `1px solid ${vars.color.border}`, cursor: 'pointer' });
export const row = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.md });
export const total = style({ fontSize: vars.font.size.xl, fontWeight: 700 });
export const footer = style({
  position: 'sticky',
  bottom: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: vars.space.md,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
});
export const waiting = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.md, textAlign: 'center', padding: vars.space.xl });
/** A payment result (issue 33 finding 5): start-aligned, the sign beside the message and the amount. */
export const result = style({ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: vars.space.md, textAlign: 'start', paddingTop: vars.space.lg });
export const resultHead = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.md });
export const resultHeadText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });
export const resultSign = recipe({
  base: { flex: 'none', display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: '44px', height: '44px', borderRadius: '50%', color: '#fff' },
  variants: { tone: { success: { background: vars.color.success }, danger: { background: vars.color.danger } } },
});
/** "Paid π 19.5" / "Not paid: π 3": one line, never wrapped inside the amount. */
export const resultAmount = recipe({
  base: { margin: 0, fontSize: vars.font.size.lg, fontWeight: 700, whiteSpace: 'nowrap' },
  // Not paid in the text colour: the danger red is under 4.5:1 on the page background (axe); the red sign says it.
  variants: { tone: { success: { color: vars.color.success }, danger: { color: vars.color.text } } },
});
export const amount = style({ whiteSpace: 'nowrap' });
/** The result's actions, stacked full width: the one that finishes the job first. */
export const actions = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

// The checkout's lines per shop and its sticky total (issue 22).
export const shopName = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, margin: 0, fontSize: vars.font.size.md, fontWeight: 700 });
export const lines = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const line = style({ display: 'flex', gap: vars.space.md, alignItems: 'flex-start' });
export const lineThumb = style({ flex: 'none', width: '64px', height: '64px', borderRadius: vars.radius.md, objectFit: 'cover', background: vars.color.skeleton });
export const lineInfo = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: '2px' });
export const lineTitle = style({ overflow: 'hidden', textOverflow: 'ellipsis', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical' });
export const methodText = style({ display: 'flex', flexDirection: 'column', gap: '2px' });
export const short = style({ color: vars.color.danger, fontSize: vars.font.size.sm });
export const footerTotal = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
/** A problem of one field (no address, no method), at that field. */
export const fieldProblem = style({ color: vars.color.danger, margin: 0, fontSize: vars.font.size.sm });
/** After a closed review: nothing was paid, the order waits in To pay. */
export const unpaidNote = style({ margin: 0, padding: vars.space.md, borderRadius: vars.radius.md, background: vars.color.surface, border: `1px solid ${vars.color.border}`, fontSize: vars.font.size.sm });
