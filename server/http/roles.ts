import type { MiddlewareHandler } from 'hono';
import type { RoleName } from '../../src/domain/types/user';
import { ApiError } from './envelope';
import type { AppEnv } from './env';

export function hasRole(roles: unknown, role: RoleName): boolean {
  return Array.isArray(roles) && roles.includes(role);
}

/** After requireSession: refuses (4003) any caller without the role. The server decides; the client's word is never proof. */
export function requireRole(role: RoleName): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!hasRole(c.var.user.roles, role)) throw new ApiError('forbidden');
    await next();
  };
}
