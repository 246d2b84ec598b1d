import type { GetTokenInput } from '../domain/schemas/session';
import type { LoginAnswer, UserInfo } from '../domain/types/user';
import { call } from './client';

export const getToken = (input: GetTokenInput) => call<LoginAnswer>('POST', '/api/users/user/getToken', { body: input, quiet: true });
export const getUserInfo = () => call<UserInfo>('GET', '/api/users/user/getUserInfo');
export const getUserNameId = () => call<{ id: string; username: string; nickname: string }>('GET', '/api/users/user/getUserNameId');
export const logout = () => call<null>('POST', '/api/users/user/logout', { body: {}, quiet: true });
export const loginTicket = () => call<{ ticket: string }>('POST', '/api/users/user/loginTicket', { body: {} });
