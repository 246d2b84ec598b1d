import * as z from 'zod/mini';

/**
 * The gallery's replay (issue 26): which record's recorded history to step through on its chart. Staff
 * only (the server checks the role). The charts whose records keep a history of their transitions.
 */
export const replayCharts = ['order', 'afterSale', 'withdrawal'] as const;
export type ReplayChart = (typeof replayCharts)[number];

export const chartHistoryQuery = z.strictObject({
  chart: z.enum(replayCharts),
  id: z.string().check(z.trim(), z.regex(/^\d{1,18}$/, 'gallery.replay.badId')),
});

export function isReplayChart(id: string): id is ReplayChart {
  return (replayCharts as readonly string[]).includes(id);
}
