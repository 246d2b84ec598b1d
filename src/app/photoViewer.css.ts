import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

/** The full-screen photo viewer (src/app/PhotoViewer.tsx): black, the picture contained, zoom to twice the size. */
export const visuallyHidden = style({ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' });
export const viewer = style({ position: 'fixed', inset: 0, zIndex: 80, background: '#000', display: 'flex', flexDirection: 'column', color: '#fff' });
export const viewerTop = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, padding: vars.space.sm });
export const viewerCount = style({ flex: 1, fontVariantNumeric: 'tabular-nums', paddingInlineStart: vars.space.sm });
export const viewerButton = style({ display: 'grid', placeItems: 'center', width: '44px', height: '44px', borderRadius: '50%', border: 'none', background: 'rgba(255,255,255,0.14)', color: '#fff', cursor: 'pointer', selectors: { '&[aria-pressed="true"]': { background: 'rgba(255,255,255,0.4)' }, '&:disabled': { opacity: 0.35, cursor: 'default' } } });
export const viewerStrip = style({ flex: 1, minHeight: 0, display: 'flex', overflowX: 'auto', scrollSnapType: 'x mandatory', scrollbarWidth: 'none', selectors: { '&[data-zoomed="true"]': { scrollSnapType: 'none', overflowX: 'hidden' } } });
export const viewerSlide = style({ flex: '0 0 100%', scrollSnapAlign: 'center', display: 'grid', placeItems: 'center', overflow: 'hidden', selectors: { '&[data-zoomed="true"]': { overflow: 'auto', placeItems: 'start' } } });
export const viewerImage = style({ maxWidth: '100%', maxHeight: '100%', width: 'auto', height: 'auto', objectFit: 'contain', touchAction: 'pan-x pan-y pinch-zoom', selectors: { [`${viewerSlide}[data-zoomed="true"] &`]: { maxWidth: 'none', maxHeight: 'none', width: '200%' } } });
export const viewerNav = style({ display: 'flex', justifyContent: 'space-between', padding: vars.space.md });
