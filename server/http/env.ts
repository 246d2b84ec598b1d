import type { Selectable } from 'kysely';
import type { LanguageCode } from '../../src/domain/languages';
import type { SessionsTable, UsersTable } from '../db/schema';

export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;

/** Hono's context variables, set by the middleware before a route runs. */
export interface AppEnv {
  Variables: {
    language: LanguageCode;
    user: UserRow;
    session: SessionRow;
    /** Set by observeRequests: the id of this request in the logs (X-Request-Id). */
    requestId: string;
  };
}
