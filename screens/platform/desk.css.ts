import { style } from '@vanilla-extract/css';
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
