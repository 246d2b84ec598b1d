/**
 * The one width from which a desk lays its panes side by side (the console, the customer-service desk, the statechart
 * gallery, the seller centre, sheets): style sheets only, so it costs no JavaScript.
 */
export const deskMedia = 'screen and (min-width: 1024px)';
