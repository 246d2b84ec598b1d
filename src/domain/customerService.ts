import { exactTime } from './dates';

/**
 * Customer service (issue 15): chat limits, the work-order status table and categories. The one
 * place these numbers and names live; the server, the machines and the screens read them here.
 */
const second = 1000;
const minute = 60 * second;

export const ChatLimits = {
  /** Longest text of one message, in characters. */
  textMax: 1000,
  /** Messages one person may send in a rolling minute (all conversations together). */
  messagesPerMinute: 20,
  /** A client id is the sender's own idempotency key for a message. */
  clientIdMax: 64,
  /** Messages a page of history holds. */
  pageSize: 50,
  /** Messages replayed at most on one reconnect (the client pages back for more). */
  replayMax: 500,
} as const;

export const ChatTimings = {
  /** A stream ticket is good once, for this long after a signed call asked for it. */
  streamTicketLifetime: 30 * second,
  /** A comment line on an idle stream, so proxies keep it open and the client sees a dead one. */
  heartbeat: 25 * second,
  /** Reconnection back-off of the chat connection chart: first wait, doubling up to the cap. */
  reconnectFirst: 1 * second,
  reconnectMax: 30 * second,
  /** The rate-limit window. */
  rateWindow: minute,
} as const;

/** The reconnection wait after `attempt` failures (1-based), doubling to the cap. */
export function reconnectDelay(attempt: number): number {
  return Math.min(ChatTimings.reconnectMax, ChatTimings.reconnectFirst * 2 ** Math.max(0, attempt - 1));
}

/**
 * A seller's quick replies (issue 37, finding 5): answers the seller saves once and picks in any chat.
 * Stored per seller on the server; the form and the server check them with the same schema.
 */
export const QuickReplyLimits = {
  /** Replies one seller may keep. */
  perSeller: 20,
  /** Longest reply, in characters (a chat message may be longer; a saved answer stays short). */
  textMax: 500,
} as const;

/** Who the buyer talks to: a seller (about a product, a store or an order) or the platform's customer service. */
export const conversationKinds = ['seller', 'platform'] as const;
export type ConversationKind = (typeof conversationKinds)[number];
export const subjectKinds = ['product', 'store', 'order'] as const;
export type SubjectKind = (typeof subjectKinds)[number];

/**
 * Work-order statuses: the ONE table (SPEC 3 Work order). Each is a state of
 * machines/workOrder.machine.ts; the code is what the list filters and the API answer carry.
 */
export const workOrderStatusTable = [
  { code: 0, state: 'open', labelKey: 'workOrder.status.open' },
  { code: 1, state: 'answered', labelKey: 'workOrder.status.answered' },
  { code: 2, state: 'closed', labelKey: 'workOrder.status.closed' },
] as const;
export type WorkOrderState = (typeof workOrderStatusTable)[number]['state'];
export type WorkOrderStatusCode = (typeof workOrderStatusTable)[number]['code'];

export function workOrderStatusCode(state: string): WorkOrderStatusCode | null {
  return workOrderStatusTable.find((row) => row.state === state)?.code ?? null;
}
export function workOrderStatusLabelKey(state: string): string {
  return workOrderStatusTable.find((row) => row.state === state)?.labelKey ?? 'workOrder.status.open';
}

export const workOrderCategories = ['order', 'payment', 'delivery', 'afterSale', 'account', 'other'] as const;
export type WorkOrderCategory = (typeof workOrderCategories)[number];

export const WorkOrderLimits = {
  /** SPEC 9 style: up to 4 images, like after-sale evidence. */
  imagesMax: 4,
  descriptionMin: 10,
  descriptionMax: 2000,
  replyMax: 2000,
} as const;

/** The help tab's frequent questions: locale keys helpCentre.faq.<id>.q / .a, in this order. */
export const frequentQuestions = ['payment', 'shipping', 'refund', 'afterSale', 'workOrder', 'account'] as const;

/** SPEC 3's datetime format, YYYY-MM-DD HH:mm:ss, in the viewer's own time zone (src/domain/dates.ts). */
export function specDatetime(iso: string): string {
  return exactTime(iso);
}
