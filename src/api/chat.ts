import type { OpenConversationInput, SendMessageInput, WorkOrderInput } from '../domain/schemas/customerService';
import type { ConversationView, MessageView, QuickReplyView, WorkOrderView } from '../domain/types/customerService';
import type { OrderView } from '../domain/types/commerce';
import { call } from './client';

/** Customer service (issue 15): chat, its live stream's ticket, work orders, and the console's desk. */
export const openConversation = (input: OpenConversationInput) => call<ConversationView>('POST', '/api/chat/conversation/open', { body: input });
export const conversations = () => call<ConversationView[]>('GET', '/api/chat/conversation/list');
export const conversationDetail = (id: string) => call<ConversationView>('GET', '/api/chat/conversation/detail', { query: { id } });
export const messages = (conversationId: string, before?: string) => call<MessageView[]>('GET', '/api/chat/message/list', { query: { conversationId, before } });
export const sendMessage = (input: SendMessageInput) => call<MessageView>('POST', '/api/chat/message/send', { body: input, quiet: true });
export const markRead = (conversationId: string, upTo: string) => call<null>('POST', '/api/chat/message/read', { body: { conversationId, upTo }, quiet: true });
export const chatUnread = () => call<{ unread: number; workOrders: number }>('GET', '/api/chat/unread', { quiet: true });
/** A one-time ticket (30 s) for opening the event stream, which cannot sign its own request. */
export const streamTicket = () => call<{ ticket: string }>('POST', '/api/chat/stream/ticket', { quiet: true });
export const streamUrl = (ticket: string, lastEventId: string | null) => `/api/chat/stream?ticket=${encodeURIComponent(ticket)}${lastEventId ? `&lastEventId=${lastEventId}` : ''}`;

/** A seller's quick replies (issue 37, finding 5): each call answers the whole list in the seller's order. A refused text is the sheet's to show. */
export const quickReplies = () => call<QuickReplyView[]>('GET', '/api/chat/quickReply/list');
export const addQuickReply = (body: string) => call<QuickReplyView[]>('POST', '/api/chat/quickReply/add', { body: { body }, quietFields: ['body'] });
export const editQuickReply = (id: string, body: string) => call<QuickReplyView[]>('POST', '/api/chat/quickReply/edit', { body: { id, body }, quietFields: ['body'] });
export const deleteQuickReply = (id: string) => call<QuickReplyView[]>('POST', '/api/chat/quickReply/delete', { body: { id } });
export const reorderQuickReplies = (ids: string[]) => call<QuickReplyView[]>('POST', '/api/chat/quickReply/reorder', { body: { ids } });

export const addWorkOrder = (input: WorkOrderInput) => call<WorkOrderView>('POST', '/api/workorder/add', { body: input, quiet: true });
export const workOrders = (page = 1) => call<WorkOrderView[]>('GET', '/api/workorder/list', { query: { page } });
export const workOrderDetail = (id: string) => call<WorkOrderView>('GET', '/api/workorder/detail', { query: { id } });
export const replyWorkOrder = (id: string, body: string) => call<WorkOrderView>('POST', '/api/workorder/reply', { body: { id, body } });
export const closeWorkOrder = (id: string) => call<WorkOrderView>('POST', '/api/workorder/close', { body: { id } });

export const deskConversations = () => call<ConversationView[]>('GET', '/api/platform/service/conversations');
export const deskUserContext = (userId: string) => call<{ orders: OrderView[]; workOrders: WorkOrderView[] }>('GET', '/api/platform/service/userContext', { query: { userId } });
export const workOrderQueue = (status: 'open' | 'answered' | 'closed' = 'open') => call<WorkOrderView[]>('GET', '/api/platform/workorder/queue', { query: { status } });
export const deskWorkOrder = (id: string) => call<WorkOrderView>('GET', '/api/platform/workorder/detail', { query: { id } });
export const staffReplyWorkOrder = (id: string, body: string) => call<WorkOrderView>('POST', '/api/platform/workorder/reply', { body: { id, body } });
export const staffCloseWorkOrder = (id: string) => call<WorkOrderView>('POST', '/api/platform/workorder/close', { body: { id } });
