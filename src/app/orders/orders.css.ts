import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

/**
 * Styles the order screens of both sides share (screens/order, screens/seller, screens/wallet and the
 * account tab's order entries). Where a side differs, its own file composes one of these with only what
 * it adds: the base and the addition never set the same property, so their order in the CSS is moot.
 */
export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const heading = style({ margin: 0, fontSize: vars.font.size.lg, fontWeight: 700 });
export const row = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: vars.space.md });
export const problem = style({ color: vars.color.danger, margin: 0 });
export const dot = style({ display: 'inline-block', width: '8px', height: '8px', borderRadius: '50%', background: vars.color.danger });
export const empty = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.md, padding: `${vars.space.xxl} ${vars.space.lg}`, textAlign: 'center' });

/** The brand-gradient head of a screen (an order's status, the balance). */
export const banner = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: `linear-gradient(135deg, ${vars.color.brand}, ${vars.color.brandStrong})`,
  color: '#fff',
});

/** A red count (tabs, shortcuts, entries); each place adds its size and position. */
export const badge = style({
  borderRadius: vars.radius.pill,
  background: vars.color.danger,
  color: '#fff',
  fontWeight: 700,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
});

/** The frame of a text box; `input` and each side's textarea add their height and padding. */
export const textBox = style({
  width: '100%',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  font: 'inherit',
  color: vars.color.text,
});
export const input = style([textBox, { minHeight: '44px', padding: `0 ${vars.space.md}` }]);

/** The bar of an order's own buttons, kept at the bottom of the screen. */
export const footer = style({
  position: 'sticky',
  bottom: 0,
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  padding: vars.space.md,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
});
