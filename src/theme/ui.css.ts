import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from './theme.css';

/** Shared building blocks for screens: buttons, cards, lists, skeletons. */
export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.sm,
    minHeight: '44px',
    padding: `0 ${vars.space.lg}`,
    borderRadius: vars.radius.pill,
    border: 'none',
    fontWeight: 600,
    cursor: 'pointer',
    selectors: { '&:disabled': { opacity: 0.55, cursor: 'not-allowed' } },
  },
  variants: {
    tone: {
      primary: { background: vars.color.brand, color: '#fff' },
      secondary: { background: vars.color.brandSoft, color: vars.color.brandStrong },
      danger: { background: vars.color.danger, color: '#fff' },
      ghost: { background: 'transparent', color: vars.color.brandStrong },
    },
    block: { true: { width: '100%' } },
  },
  defaultVariants: { tone: 'primary' },
});

export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
});

export const screen = style({
  minHeight: '100%',
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
});

export const title = style({ fontSize: vars.font.size.xl, fontWeight: 700, margin: 0 });
export const muted = style({ color: vars.color.textMuted, margin: 0, lineHeight: 1.5 });

export const listRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  width: '100%',
  minHeight: '48px',
  padding: `0 ${vars.space.lg}`,
  background: 'transparent',
  border: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textAlign: 'start',
  textDecoration: 'none',
  cursor: 'pointer',
});

/** A list row's icon and words (the account tab's rows). */
export const listRowLabel = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.md, minWidth: 0 });
export const listRowIcon = style({ flex: 'none', color: vars.color.brand });

const shimmer = keyframes({ '0%': { opacity: 0.6 }, '50%': { opacity: 1 }, '100%': { opacity: 0.6 } });
export const skeleton = style({
  background: vars.color.skeleton,
  borderRadius: vars.radius.md,
  animation: `${shimmer} 1.2s ease-in-out infinite`,
});

/**
 * A person's text shown in its own direction (dir="auto": a Latin name in Arabic keeps its ellipsis at its end)
 * still aligned as the screen reads (issue 33, finding 10). `text-align: match-parent` would say it, but Chromium
 * resolves it against the text's own direction (an English line sat on the left in Arabic). Chat did this first.
 */
export const ownDirection = style({ textAlign: 'left', selectors: { '[dir="rtl"] &': { textAlign: 'right' } } });
