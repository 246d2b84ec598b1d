import * as z from 'zod/mini';
import { ChatLimits, QuickReplyLimits, subjectKinds, workOrderCategories, WorkOrderLimits } from '../customerService';
import { idString } from './commerce';
import { noControlCharacters } from './limits';

/** Chat and work-order inputs (issue 15): one schema each, used by the forms and by the server. */
const imageId = z.string().check(z.regex(/^[0-9a-f]{64}$/));
const text = (min: number, max: number) => z.string().check(z.trim(), z.minLength(min), z.maxLength(max));

export const subjectInput = z.strictObject({ kind: z.enum(subjectKinds), id: idString });

/** Opens (or finds) the caller's conversation with a seller or with the platform. */
export const openConversationInput = z.union([
  z.strictObject({ kind: z.literal('seller'), sellerId: idString, subject: z.optional(subjectInput) }),
  z.strictObject({ kind: z.literal('platform'), subject: z.optional(subjectInput) }),
]);
export type OpenConversationInput = z.infer<typeof openConversationInput>;

/** A message: text, an image, or both; the client id makes a repeated send store it once. */
export const sendMessageInput = z
  .strictObject({
    conversationId: idString,
    clientId: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/)),
    body: z.string().check(z.trim(), z.maxLength(ChatLimits.textMax)),
    imageId: z.optional(imageId),
  })
  .check(z.refine((m) => m.body.length > 0 || m.imageId !== undefined, { message: 'a message needs text or an image', path: ['body'] }));
export type SendMessageInput = z.infer<typeof sendMessageInput>;

export const readInput = z.strictObject({ conversationId: idString, upTo: idString });
export const messagesQuery = z.strictObject({ conversationId: idString, before: z.optional(idString) });
export const conversationQuery = z.strictObject({ id: idString });

/** SPEC 5: "A work order needs an order number." */
export const workOrderInput = z.strictObject({
  orderNo: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  category: z.enum(workOrderCategories),
  description: text(WorkOrderLimits.descriptionMin, WorkOrderLimits.descriptionMax),
  images: z.array(imageId).check(z.maxLength(WorkOrderLimits.imagesMax)),
});
export type WorkOrderInput = z.infer<typeof workOrderInput>;

export const workOrderReplyInput = z.strictObject({ id: idString, body: text(1, WorkOrderLimits.replyMax) });
export const workOrderCloseInput = z.strictObject({ id: idString });

/**
 * A seller's quick reply (issue 37, finding 5): text of 1 to 500 characters (line breaks kept); the list holds
 * at most 20, and a reorder names every one of the seller's replies once, in the new order.
 */
export const quickReplyText = z.string().check(z.trim(), z.minLength(1), z.maxLength(QuickReplyLimits.textMax), noControlCharacters(true));
export const quickReplyAddInput = z.strictObject({ body: quickReplyText });
export const quickReplyEditInput = z.strictObject({ id: idString, body: quickReplyText });
export const quickReplyDeleteInput = z.strictObject({ id: idString });
export const quickReplyReorderInput = z.strictObject({ ids: z.array(idString).check(z.maxLength(QuickReplyLimits.perSeller)) });
export type QuickReplyAddInput = z.infer<typeof quickReplyAddInput>;

/** The locale key of a quick reply's problem, or null when the text may be saved. */
export function quickReplyProblem(body: string): string | null {
  if (quickReplyText.safeParse(body).success) return null;
  const text = body.trim();
  if (text.length === 0) return 'chat.quick.problems.empty';
  if (text.length > QuickReplyLimits.textMax) return 'chat.quick.problems.tooLong';
  return 'chat.quick.problems.invalid';
}
