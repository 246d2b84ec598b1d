import type { ConsoleQueue, PersonContext } from '../domain/types/console';
import { call } from './client';

/** The platform console's account work (issue 3). Every call is refused by the server to anyone but staff. */
export interface ConsoleUser {
  id: string;
  username: string;
  nickname: string;
  email: string | null;
  roles: string[];
  frozen: boolean;
  frozenReason: string | null;
  coinLinked: boolean;
}

export const findUsers = (q: string) => call<{ list: ConsoleUser[] }>('GET', '/api/console/users/find', { query: { q } });
export const freezeUser = (userId: string, reason: string) => call<ConsoleUser>('POST', '/api/console/users/freeze', { body: { userId, reason } });
export const unfreezeUser = (userId: string) => call<ConsoleUser>('POST', '/api/console/users/unfreeze', { body: { userId } });
export const publishNotice = (title: string, body: string) => call<{ id: string; title: string; createdAt: string }>('POST', '/api/console/notices/publish', { body: { title, body } });
/** The console dashboard: the count of each queue and its oldest item (issue 24). */
export const consoleQueues = () => call<{ list: ConsoleQueue[] }>('GET', '/api/console/queues');
/** A person's context for staff (account age, orders, withdrawals, disputes). */
export const personContext = (userId: string) => call<PersonContext>('GET', '/api/console/users/context', { query: { userId } });
