import { Limits } from '../constants';

/**
 * The custom background (SPEC 2/9): 2 to 5 hex colours, linear or radial, one of 8 directions.
 * Kept free of zod: the shell paints it on every screen, so this is in the first screen's bundle.
 * The zod schema of the same rules (for the form and the server) is `gradientInput` in ./accounts.
 */
export const gradientDirections = ['top', 'topRight', 'right', 'bottomRight', 'bottom', 'bottomLeft', 'left', 'topLeft'] as const;
export type GradientDirection = (typeof gradientDirections)[number];
export const gradientTypes = ['linear', 'radial'] as const;
export const gradientStopsMax = 5;
export const hexColour = /^#[0-9a-fA-F]{6}$/;

export interface Gradient {
  type: (typeof gradientTypes)[number];
  direction: GradientDirection;
  colours: string[];
}

const linearTo: Record<GradientDirection, string> = {
  top: 'to top',
  topRight: 'to top right',
  right: 'to right',
  bottomRight: 'to bottom right',
  bottom: 'to bottom',
  bottomLeft: 'to bottom left',
  left: 'to left',
  topLeft: 'to top left',
};
const radialAt: Record<GradientDirection, string> = {
  top: 'at top',
  topRight: 'at top right',
  right: 'at right',
  bottomRight: 'at bottom right',
  bottom: 'at bottom',
  bottomLeft: 'at bottom left',
  left: 'at left',
  topLeft: 'at top left',
};

/** The CSS of a valid gradient. Radial gradients start from the chosen side or corner. */
export function gradientCss(g: Gradient): string {
  const stops = g.colours.join(', ');
  return g.type === 'linear' ? `linear-gradient(${linearTo[g.direction]}, ${stops})` : `radial-gradient(circle ${radialAt[g.direction]}, ${stops})`;
}

/** True only for exactly {type, direction, colours} within the rules. */
export function isGradient(value: unknown): value is Gradient {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  if (Object.keys(v).some((k) => k !== 'type' && k !== 'direction' && k !== 'colours')) return false;
  if (!gradientTypes.includes(v.type as Gradient['type'])) return false;
  if (!gradientDirections.includes(v.direction as GradientDirection)) return false;
  const colours = v.colours;
  return Array.isArray(colours) && colours.length >= Limits.gradientColoursMin && colours.length <= gradientStopsMax && colours.every((c) => typeof c === 'string' && hexColour.test(c));
}

/** Reads the stored description (users.custom_colour) back; anything not valid is no background. */
export function parseGradient(stored: string | null | undefined): Gradient | null {
  if (!stored) return null;
  try {
    const value: unknown = JSON.parse(stored);
    return isGradient(value) ? value : null;
  } catch {
    return null;
  }
}
