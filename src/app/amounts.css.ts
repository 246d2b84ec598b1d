import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

/**
 * An amount of the coin is one unit on screen (issue 37, finding 3): never broken across lines, even inside a
 * box that lets long words break anywhere; digits of one width so figures line up.
 */
export const amount = style({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', unicodeBidi: 'isolate' });

/**
 * A deadline by the time left (src/domain/deadlines.ts): calm in the text's own colour, close in the warning
 * colour, urgent in the danger colour and weight. Only colour and weight: size and spacing are the line's.
 */
export const deadlineCalm = style({});
/** #b54708: 5.0:1 on white, 4.6:1 on the page's background. */
export const deadlineClose = style({ color: '#b54708', fontWeight: 600 });
/** The danger colour: 6.6:1 on white, 5.4:1 on the brand's soft background. */
export const deadlineUrgent = style({ color: vars.color.danger, fontWeight: 700 });
export const deadlineLine = style({ margin: 0, lineHeight: 1.5 });
/** On the brand's banner (white on purple) colours would not read: close is heavier, urgent sits on the danger colour. */
export const onBrandClose = style({ fontWeight: 600 });
export const onBrandUrgent = style({ fontWeight: 700, background: vars.color.danger, color: '#fff', borderRadius: vars.radius.sm, padding: `2px ${vars.space.sm}`, alignSelf: 'flex-start' });
/** The moment inside the sentence: read left to right as one piece, never broken. */
export const deadlineTime = style({ whiteSpace: 'nowrap', unicodeBidi: 'isolate', fontVariantNumeric: 'tabular-nums' });
