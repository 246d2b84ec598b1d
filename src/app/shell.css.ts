import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const frame = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  height: '100dvh',
  width: '100%',
  margin: '0 auto',
  background: vars.color.background,
  overflow: 'hidden',
  '@media': { 'screen and (min-width: 768px)': { width: vars.layout.maxWidth, boxShadow: '0 0 24px rgba(0,0,0,0.12)', selectors: { '&[data-wide]': { width: '100%' } } } },
});

export const viewport = style({ position: 'relative', flex: 1, minHeight: 0 });

export const screenSlot = style({ position: 'absolute', inset: 0, overflowY: 'auto', overscrollBehavior: 'contain' });

export const tabBar = style({
  display: 'flex',
  height: vars.layout.tabBarHeight,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  paddingBottom: 'env(safe-area-inset-bottom)',
});

export const tab = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '2px',
  border: 'none',
  background: 'transparent',
  color: vars.color.textMuted,
  fontSize: vars.font.size.sm,
  cursor: 'pointer',
  selectors: { '&[aria-current="page"]': { color: vars.color.brand, fontWeight: 700 } },
});


/** A strip of the layout above the bottom bar (issue 33): the screen above gives it room, so it covers no control. */
export const toastStack = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingInline: vars.space.lg,
  selectors: { '&:not(:empty)': { paddingBlock: vars.space.sm } },
});

const rise = keyframes({ from: { opacity: 0, transform: 'translateY(6px)' }, to: { opacity: 1, transform: 'none' } });
export const toast = style({
  maxWidth: '100%',
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: 'rgba(27, 21, 48, 0.88)',
  color: '#fff',
  textAlign: 'center',
  lineHeight: 1.4,
  animation: `${rise} 150ms ease-out`,
});

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 5,
  display: 'grid',
  gridTemplateColumns: '48px 1fr 48px',
  alignItems: 'center',
  height: vars.layout.headerHeight,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const headerTitle = style({ margin: 0, textAlign: 'center', fontSize: vars.font.size.lg, fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const backButton = style({
  width: '48px',
  height: '48px',
  border: 'none',
  background: 'transparent',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  cursor: 'pointer',
  color: vars.color.text,
});

export const overlay = style({ position: 'fixed', inset: 0, background: vars.color.overlay, zIndex: 60 });

export const dialog = style({
  position: 'fixed',
  zIndex: 61,
  left: '50%',
  top: '50%',
  transform: 'translate(-50%, -50%)',
  width: `min(calc(100vw - 48px), 327px)`,
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  padding: vars.space.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
});

export const sheet = style({
  position: 'fixed',
  zIndex: 61,
  left: '50%',
  bottom: 0,
  transform: 'translateX(-50%)',
  width: `min(100vw, ${vars.layout.maxWidth})`,
  maxHeight: '80dvh',
  overflowY: 'auto',
  background: vars.color.surface,
  borderRadius: `${vars.radius.lg} ${vars.radius.lg} 0 0`,
  boxShadow: vars.shadow.sheet,
  padding: vars.space.lg,
});

export const dialogActions = style({ display: 'flex', gap: vars.space.md, justifyContent: 'flex-end' });

export const blocked = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: vars.space.lg, height: '100%', padding: vars.space.xl, textAlign: 'center' });

export const tabIconWrap = style({ position: 'relative', display: 'inline-flex' });

export const tabBadge = style({
  position: 'absolute',
  top: '-4px',
  insetInlineStart: '14px',
  minWidth: '16px',
  height: '16px',
  padding: '0 4px',
  borderRadius: '8px',
  background: vars.color.danger,
  color: '#fff',
  fontSize: '10px',
  fontWeight: 700,
  lineHeight: '16px',
  textAlign: 'center',
});

export const offlineBanner = style({
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.lg}`,
  background: vars.color.text,
  color: vars.color.surface,
  fontSize: vars.font.size.sm,
  textAlign: 'center',
});

export const cartButton = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flex: 'none',
  width: '44px',
  height: '44px',
  border: 'none',
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
});

export const cartBadge = style({
  position: 'absolute',
  top: '4px',
  insetInlineEnd: '2px',
  minWidth: '18px',
  height: '18px',
  padding: '0 4px',
  borderRadius: '9px',
  background: vars.color.danger,
  color: '#fff',
  fontSize: '11px',
  fontWeight: 700,
  lineHeight: '18px',
  textAlign: 'center',
});

export const toastAction = style({
  marginInlineStart: vars.space.md,
  padding: 0,
  border: 'none',
  background: 'transparent',
  color: '#fff',
  fontWeight: 700,
  textDecoration: 'underline',
  cursor: 'pointer',
  pointerEvents: 'auto',
  minHeight: '24px',
});
