import { style } from '@vanilla-extract/css';
import { deskMedia } from '../../src/theme/breakpoints';
import { vars } from '../../src/theme/theme.css';

/** Customer service screens: the conversation list, the chat room, work orders and the desk. */
export const row = style({ display: 'flex', gap: vars.space.md, alignItems: 'center', width: '100%', padding: vars.space.md, background: 'transparent', border: 'none', borderBottom: `1px solid ${vars.color.border}`, textAlign: 'start', cursor: 'pointer', color: vars.color.text });
export const avatar = style({ width: 40, height: 40, borderRadius: '50%', background: vars.color.brandSoft, color: vars.color.brandStrong, display: 'grid', placeItems: 'center', fontWeight: 700, flexShrink: 0, objectFit: 'cover' });
export const grow = style({ flex: 1, minWidth: 0, display: 'grid', gap: 2 });
export const ellipsis = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', margin: 0 });
export const badge = style({ minWidth: 20, height: 20, padding: '0 6px', borderRadius: vars.radius.pill, background: vars.color.danger, color: '#fff', fontSize: vars.font.size.sm, display: 'grid', placeItems: 'center' });
export const room = style({ display: 'flex', flexDirection: 'column', height: `calc(100dvh - ${vars.layout.headerHeight})`, minHeight: 320 });
export const status = style({ padding: `${vars.space.xs} ${vars.space.lg}`, fontSize: vars.font.size.sm, background: vars.color.brandSoft, color: vars.color.brandStrong, textAlign: 'center' });
/** "Try again" in the connection line while it waits to reconnect: a real button, 44 px tall for a finger. */
export const statusAction = style({ marginInlineStart: vars.space.sm, minHeight: 44, padding: `0 ${vars.space.md}`, border: 'none', background: 'transparent', color: vars.color.brandStrong, font: 'inherit', fontWeight: 700, textDecoration: 'underline', cursor: 'pointer' });
export const messages = style({ flex: 1, minHeight: 0, overflowY: 'auto', padding: vars.space.lg, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const bubble = style({ maxWidth: '78%', padding: `${vars.space.sm} ${vars.space.md}`, borderRadius: vars.radius.lg, background: vars.color.surface, boxShadow: vars.shadow.card, alignSelf: 'flex-start', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' });
export const body = style({ display: 'block' });
export const mine = style({ alignSelf: 'flex-end', background: vars.color.brand, color: '#fff' });
/**
 * The time under a bubble: muted by opacity on the white bubble; on the own (brand) bubble full white, since
 * white at 75 % on the brand colour is 3.77:1, under the 4.5:1 small text needs (issue 33, finding 11).
 */
export const meta = style({ fontSize: 11, opacity: 0.75, marginTop: 2, display: 'block', selectors: { [`${mine} &`]: { opacity: 1 } } });
export const image = style({ display: 'block', maxWidth: '100%', borderRadius: vars.radius.md, marginTop: vars.space.xs });
export const composer = style({ display: 'flex', gap: vars.space.sm, padding: vars.space.sm, borderTop: `1px solid ${vars.color.border}`, background: vars.color.surface, alignItems: 'center' });
export const input = style({ flex: 1, minWidth: 0, minHeight: 40, padding: `0 ${vars.space.md}`, borderRadius: vars.radius.pill, border: `1px solid ${vars.color.border}`, font: 'inherit' });
export const subject = style({ display: 'flex', gap: vars.space.md, alignItems: 'center', margin: vars.space.sm, padding: vars.space.md, background: vars.color.surface, borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}` });
export const thumb = style({ width: 48, height: 48, borderRadius: vars.radius.sm, objectFit: 'cover', background: vars.color.skeleton });
export const field = style({ display: 'grid', gap: vars.space.xs });
export const textInput = style({ minHeight: 44, padding: `0 ${vars.space.md}`, borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}`, font: 'inherit' });
export const textArea = style({ minHeight: 120, padding: vars.space.md, borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}`, font: 'inherit', resize: 'vertical' });
export const problem = style({ color: vars.color.danger, margin: 0 });
export const pill = style({ padding: '2px 8px', borderRadius: vars.radius.pill, background: vars.color.brandSoft, color: vars.color.brandStrong, fontSize: vars.font.size.sm, whiteSpace: 'nowrap' });
export const desk = style({ display: 'grid', gap: vars.space.lg, padding: vars.space.lg });
export const images = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });
export const details = style({ borderBottom: `1px solid ${vars.color.border}`, padding: vars.space.md });
/** Pictures on their way above the composer (empty when none). */
export const tray = style({ padding: `0 ${vars.space.sm}`, background: vars.color.surface, selectors: { '&:not(:empty)': { paddingBlock: vars.space.sm, borderTop: `1px solid ${vars.color.border}` } } });

/**
 * The customer-service desk (issue 24, finding 16): three panes at a desk (the queue of conversations,
 * the conversation, the customer), one pane at a time on a phone, chosen by `data-active`.
 */
const deskWidth = deskMedia;
export const panes = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  '@media': { [deskWidth]: { gridTemplateColumns: 'minmax(240px, 1fr) minmax(0, 2fr) minmax(280px, 1.2fr)', alignItems: 'start' } },
});
export const pane = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
  selectors: { '&[data-active="false"]': { display: 'none' } },
  '@media': {
    [deskWidth]: {
      maxHeight: `calc(100dvh - ${vars.layout.headerHeight} - 120px)`,
      overflowY: 'auto',
      selectors: { '&[data-active="false"]': { display: 'flex' } },
    },
  },
});
/** The buttons that move between panes on a phone: at a desk every pane is in view. */
export const phoneOnly = style({ '@media': { [deskWidth]: { display: 'none' } } });
/** What only a desk shows (the empty middle pane's hint): a phone has the queue alone. */
export const deskOnly = style({ display: 'none', '@media': { [deskWidth]: { display: 'block' } } });
/** One line on a phone too: the buttons keep their words, the name gives way (ellipsis, whole on hover). */
export const paneNav = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', minWidth: 0 });
export const paneNavButton = style({ flexShrink: 0, whiteSpace: 'nowrap' });
export const paneNavBack = style({ minWidth: 44, paddingInline: 0 });
export const paneTitle = style({ margin: 0, fontSize: vars.font.size.lg, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
/** The conversation inside the desk: the room's height less the desk's own header and tabs. */
export const deskRoom = style({ display: 'flex', flexDirection: 'column', height: `calc(100dvh - ${vars.layout.headerHeight} - 180px)`, minHeight: 360 });
export const placeholder = style({ padding: vars.space.lg, textAlign: 'center' });
export const currentRow = style({ background: vars.color.brandSoft });

// Issue 37, finding 5: the connection is said to screen readers when live, shown only when something is wrong;
// messages grouped under their day.
export const statusQuiet = style({ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' });
export const day = style({ alignSelf: 'center', margin: `${vars.space.sm} 0 0`, padding: `2px ${vars.space.md}`, borderRadius: vars.radius.pill, background: vars.color.surface, color: vars.color.textMuted, fontSize: vars.font.size.sm });

// Issue 37, finding 5: a seller's quick replies in their sheet (each a whole-row button, its delete beside it), and the
// order / product card of a chat with its picture, name, variant × quantity and price.
export const quickList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });
export const quickRow = style({ display: 'flex', gap: vars.space.xs, alignItems: 'stretch' });
export const quickPick = style({ flex: 1, minWidth: 0, minHeight: 44, padding: `${vars.space.sm} ${vars.space.md}`, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md, background: vars.color.surface, color: vars.color.text, font: 'inherit', textAlign: 'start', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', cursor: 'pointer' });
export const quickDelete = style({ flex: 'none', width: 44, minHeight: 44, display: 'grid', placeItems: 'center', border: 'none', borderRadius: vars.radius.md, background: 'transparent', color: vars.color.textMuted, cursor: 'pointer' });
export const subjectThumb = style({ flex: 'none', width: 64, height: 64, borderRadius: vars.radius.md, objectFit: 'cover', background: vars.color.skeleton });
export const subjectAmount = style({ flex: 'none', fontWeight: 700, whiteSpace: 'nowrap' });
/** The work-order queue's status tabs: three on one line in the desk's narrow queue pane. */
export const statusTabs = style({ display: 'flex', gap: vars.space.xs, padding: `0 ${vars.space.lg} ${vars.space.sm}`, overflowX: 'auto' });
export const statusTab = style({ paddingInline: vars.space.md, whiteSpace: 'nowrap', flexShrink: 0 });
