import * as z from 'zod/mini';
import { serverCharts } from '../chartSteps';

/**
 * The gallery's "In production" view (issue 35): which chart, which period (UTC days) and, for orders,
 * which country, category and seller. Staff only (the server checks the role).
 */
export const productionPeriods = ['today', '7d', '30d', 'custom'] as const;
export type ProductionPeriod = (typeof productionPeriods)[number];

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'gallery.production.badDay'));
const id = z.string().check(z.regex(/^\d{1,18}$/, 'gallery.production.badFilter'));

export const productionQuery = z.strictObject({
  chart: z.enum(serverCharts),
  period: z._default(z.enum(productionPeriods), '7d'),
  from: z.optional(day),
  to: z.optional(day),
  country: z.optional(id),
  category: z.optional(id),
  seller: z.optional(id),
});
export type ProductionQuery = z.infer<typeof productionQuery>;

const page = z._default(z.string().check(z.regex(/^\d{1,4}$/, 'gallery.production.badFilter')), '1');
const state = z.string().check(z.maxLength(80));

/** The records in a state now, longest waiting first (for orders, those matching the view's filters). */
export const productionStateQuery = z.strictObject({
  chart: z.enum(serverCharts),
  state,
  page,
  country: productionQuery.shape.country,
  category: productionQuery.shape.category,
  seller: productionQuery.shape.seller,
});
/** The records that took an arrow in the period. */
export const productionArrowQuery = z.strictObject({
  ...productionQuery.shape,
  from_state: z.string().check(z.maxLength(80)),
  event: z.string().check(z.maxLength(80)),
  to_state: state,
  page,
});
export const productionStuckQuery = z.strictObject({ chart: z.enum(serverCharts) });
