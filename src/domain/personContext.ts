import type { ProductStatus } from './types/catalogue';

/**
 * What counts in a seller's record beside a product review (issue 24, finding 17): a product went to
 * review unless it is still a draft; it was approved if it got past review (listed, frozen after, or
 * taken down by its seller); it was rejected while its review failed. Deleted products are not counted.
 */
export const reviewedProductStates = {
  published: ['reviewing', 'normal', 'reviewFailed', 'frozen', 'takenDown'],
  approved: ['normal', 'frozen', 'takenDown'],
  rejected: ['reviewFailed'],
} as const satisfies Record<string, readonly ProductStatus[]>;

/** How many of a person's latest orders, after-sale cases and withdrawals staff see by name. */
export const personContextRecent = 5;
