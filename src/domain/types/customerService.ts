import type { ConversationKind, SubjectKind, WorkOrderCategory, WorkOrderState } from '../customerService';

/** What the chat and work-order calls answer (issue 15). Ids are decimal strings, times ISO strings. */
export interface SubjectCard {
  kind: SubjectKind;
  id: string;
  title: string;
  /** A product's price or an order's total, as a decimal string; null for a store. */
  amount: string | null;
  imageUrl: string | null;
  /** An order's number. */
  orderNo: string | null;
  /** An order's first line (issue 37, finding 5): its variant ("64 GB · Natural", may be empty) and quantity; null otherwise. */
  line: { variant: string; quantity: number; unitPrice: string } | null;
  /** An order's other lines, beside the first. */
  moreLines: number;
}

/** One of a seller's saved quick replies, in the seller's order. */
export interface QuickReplyView {
  id: string;
  body: string;
}

export interface MessageView {
  /** The message's position: its stream event id, in the order they were stored. */
  id: string;
  conversationId: string;
  clientId: string;
  /** Which side wrote it: the buyer, or the seller / customer service. */
  side: 'buyer' | 'counterpart';
  senderName: string;
  body: string;
  imageUrl: string | null;
  createdAt: string;
}

export interface ConversationView {
  id: string;
  kind: ConversationKind;
  /** The caller's side in it. */
  mySide: 'buyer' | 'counterpart';
  otherName: string;
  otherAvatar: string | null;
  buyerId: string;
  sellerId: string | null;
  subject: SubjectCard | null;
  lastMessage: MessageView | null;
  unread: number;
  /** The last message of mine the other side has read (read receipts). */
  otherReadUpTo: string;
  updatedAt: string;
}

/** What the stream sends: a message (with an event id, its position) or a read receipt. */
export type StreamEvent = { type: 'message'; message: MessageView } | { type: 'read'; conversationId: string; side: 'buyer' | 'counterpart'; upTo: string };

export interface WorkOrderReplyView {
  id: string;
  by: 'user' | 'staff';
  authorName: string;
  body: string;
  createdAt: string;
}

export interface WorkOrderView {
  id: string;
  workOrderNo: string;
  orderId: string;
  orderNo: string;
  category: WorkOrderCategory;
  description: string;
  imageUrls: string[];
  status: WorkOrderState;
  statusCode: number;
  /** Who filed it (staff open the customer's pane from it). */
  userId: string;
  userName: string;
  createdAt: string;
  updatedAt: string;
  /** The order's after-sale case status (a locale key's last part), when the order has one. */
  /** The order's latest after-sale case: its chart state and the label of its SPEC status. */
  afterSale: { status: string; labelKey: string } | null;
  replies: WorkOrderReplyView[];
  /** Staff answered or closed it since its user last opened it. */
  unread: boolean;
  /** What the caller may do now, from the work-order chart. */
  allowed: string[];
}
