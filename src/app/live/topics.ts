import type { LiveTopic } from '../../domain/live';
import type { ReadsChanged } from '../freshness';

/**
 * Which data a live notice's topic changes, as the API paths that read it (src/app/freshness.ts records
 * the paths each resource called while loading). Generous on purpose: a needless reload costs a
 * request, a missed one shows stale data.
 */
const topicPaths: Record<LiveTopic, RegExp> = {
  orders: /\/orders\/|\/aftersale\/|\/pay\//,
  afterSales: /\/aftersale\/|\/orders\//,
  withdrawals: /ithdraw|alance/,
  workOrders: /\/workorder\/|\/chat\/unread/,
  notices: /notice/,
  chat: /\/chat\/|\/service\//,
  money: /alance|\/wallet\/|oney|ithdraw|\/orders\/(badges|detail)/,
  points: /\/adv\/|\/ambassador\//,
};

/** The paths whose answers these topics change. */
export function readsOf(topics: Iterable<LiveTopic>): ReadsChanged {
  const patterns = [...new Set(topics)].map((topic) => topicPaths[topic]).filter(Boolean);
  return (path) => patterns.some((p) => p.test(path));
}
