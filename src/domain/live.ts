/**
 * The live channel (issue 23): what a change notice says changed. A notice is a hint, never the data:
 * a screen showing data of its topic reloads it through the signed API.
 */
export const liveTopics = ['orders', 'afterSales', 'withdrawals', 'workOrders', 'notices', 'chat', 'money', 'points'] as const;
export type LiveTopic = (typeof liveTopics)[number];

/** Who a notice is for: one person, every staff member (the console's queues), or everyone (a public notice). */
export const liveAudiences = ['person', 'staff', 'all'] as const;
export type LiveAudience = (typeof liveAudiences)[number];

/** One notice on a person's stream (its position is the event id). */
export interface LiveNotice {
  topic: LiveTopic;
  /** The record's id, when the change is about one record. */
  ref: string | null;
}

export const LiveTimings = {
  /** Notices are kept this long for a reconnecting stream's replay; an older gap refreshes what is shown. */
  keep: 15 * 60_000,
  /** How often a process deletes notices older than `keep`. */
  prune: 60_000,
} as const;
