import { Hono } from 'hono';
import * as z from 'zod/mini';
import { workOrderStatusTable } from '../../src/domain/customerService';
import { pageQuery } from '../../src/domain/schemas/commerce';
import { conversationQuery, workOrderCloseInput, workOrderInput, workOrderReplyInput } from '../../src/domain/schemas/customerService';
import type { Deps } from '../deps';
import { ApiError, ok } from '../http/envelope';
import type { AppEnv, UserRow } from '../http/env';
import { requireRole } from '../http/roles';
import { requireSession } from '../http/session';
import { jsonBody, queryOf } from '../http/validate';
import { actOnWorkOrder, createWorkOrder, markWorkOrderSeen, workOrderViews } from '../services/workOrders';

/**
 * Work orders (issue 15; SPEC 2 /workorder/*, 3 Work order, 5, 8). The user files and follows their
 * own; staff answer and close them from the console's queue, the oldest first.
 */
const queueQuery = z.strictObject({ status: z.optional(z.enum(workOrderStatusTable.map((r) => r.state) as ['open', 'answered', 'closed'])) });

export function workOrderRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signed = requireSession(deps);
  const staff = requireRole('arbiter');
  const { db } = deps;

  const one = async (id: bigint, viewer: UserRow, ownerOnly: boolean) => {
    const [view] = await workOrderViews(deps, { ids: [id], withReplies: true, ...(ownerOnly ? { userId: viewer.id } : {}) }, viewer);
    if (!view) throw new ApiError('notFound');
    return view;
  };

  app.post('/api/workorder/add', signed, async (c) => {
    const id = await createWorkOrder(deps, c.var.user, await jsonBody(c, workOrderInput));
    return ok(c, await one(id, c.var.user, true));
  });

  app.get('/api/workorder/list', signed, async (c) => {
    const q = queryOf(c, pageQuery);
    return ok(c, await workOrderViews(deps, { userId: c.var.user.id, page: q.page ?? 1, size: q.size ?? 20 }, c.var.user));
  });

  app.get('/api/workorder/detail', signed, async (c) => {
    const id = BigInt(queryOf(c, conversationQuery).id);
    const view = await one(id, c.var.user, true);
    await markWorkOrderSeen(db, id);
    return ok(c, view);
  });

  app.post('/api/workorder/reply', signed, async (c) => {
    const input = await jsonBody(c, workOrderReplyInput);
    await actOnWorkOrder(deps, c.var.user, BigInt(input.id), 'user', { type: 'REPLY', body: input.body });
    return ok(c, await one(BigInt(input.id), c.var.user, true));
  });

  app.post('/api/workorder/close', signed, async (c) => {
    const input = await jsonBody(c, workOrderCloseInput);
    await actOnWorkOrder(deps, c.var.user, BigInt(input.id), 'user', { type: 'CLOSE' });
    return ok(c, await one(BigInt(input.id), c.var.user, true));
  });

  // ------------------------------------------------ the console (staff)

  /** Work orders waiting for staff (open by default), the oldest first. */
  app.get('/api/platform/workorder/queue', signed, staff, async (c) => {
    const q = queryOf(c, queueQuery);
    return ok(c, await workOrderViews(deps, { queue: [q.status ?? 'open'], size: 50 }, c.var.user));
  });

  app.get('/api/platform/workorder/detail', signed, staff, async (c) => ok(c, await one(BigInt(queryOf(c, conversationQuery).id), c.var.user, false)));

  app.post('/api/platform/workorder/reply', signed, staff, async (c) => {
    const input = await jsonBody(c, workOrderReplyInput);
    await actOnWorkOrder(deps, c.var.user, BigInt(input.id), 'staff', { type: 'REPLY', body: input.body });
    return ok(c, await one(BigInt(input.id), c.var.user, false));
  });

  app.post('/api/platform/workorder/close', signed, staff, async (c) => {
    const input = await jsonBody(c, workOrderCloseInput);
    await actOnWorkOrder(deps, c.var.user, BigInt(input.id), 'staff', { type: 'CLOSE' });
    return ok(c, await one(BigInt(input.id), c.var.user, false));
  });

  return app;
}
