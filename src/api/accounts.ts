import type {
  ChangeEmailInput,
  ChangePasswordInput,
  LoginByEmailInput,
  RegisterInput,
  ResetPasswordInput,
  SendCodeInput,
  UserFlags,
  WalletAddressInput,
  FlagName,
} from '../domain/schemas/accounts';
import type { Gradient } from '../domain/schemas/accountsGradient';
import type { UserInfo } from '../domain/types/user';
import { call } from './client';

/** Accounts (issue 3): e-mail codes, register, e-mail login, passwords, e-mail binding, the profile calls of SPEC 7. */
export const sendCode = (input: SendCodeInput) => call<null>('POST', '/api/users/code/send', { body: input });
export const register = (input: RegisterInput) => call<{ ticket: string }>('POST', '/api/users/user/register', { body: input });
export const loginByEmail = (input: LoginByEmailInput) => call<{ ticket: string }>('POST', '/api/users/user/loginByEmail', { body: input });
export const resetPassword = (input: ResetPasswordInput) => call<null>('POST', '/api/users/user/resetPassword', { body: input });

export interface Security {
  email: string | null;
  hasPassword: boolean;
  coinLinked: boolean;
}
export const getSecurity = () => call<Security>('GET', '/api/users/user/security');
export const sendEmailCode = (email: string) => call<null>('POST', '/api/users/user/sendEmailCode', { body: { email } });
export const changeEmail = (input: ChangeEmailInput) => call<UserInfo>('POST', '/api/users/user/chageEmail', { body: input });
export const changePassword = (input: ChangePasswordInput) => call<UserInfo>('POST', '/api/users/user/changePassword', { body: input });
export const changeNickName = (nickname: string) => call<UserInfo>('POST', '/api/users/user/changeNickName', { body: { nickname } });
export const changeHeadPortrait = (imageId: string) => call<UserInfo>('POST', '/api/users/user/changeHeadPortrait', { body: { imageId } });
export const changeAddress = (countryId: number) => call<UserInfo>('POST', '/api/users/user/changeAddress', { body: { countryId } });
export const setWalletAddress = (input: WalletAddressInput) => call<UserInfo>('POST', '/api/users/user/walletAddress', { body: input });
export const getFlags = () => call<UserFlags>('GET', '/api/users/user/getFlags');
export const updateIsReade = (flag: FlagName, value = true) => call<UserFlags>('POST', '/api/users/user/updateIsReade', { body: { flag, value } });
export const userCustom = (customColour: Gradient | null) => call<UserInfo>('POST', '/api/users/user/userCustom', { body: { customColour } });
export const freezeMyAccount = () => call<null>('GET', '/api/users/user/freezeAccount');
export const getUserBalance = () => call<{ balance: string }>('GET', '/api/users/user/getUserBalance');

export interface NoticeItem {
  id: string;
  title: string;
  createdAt: string;
  read: boolean;
}
export interface NoticePage {
  list: NoticeItem[];
  hasMore: boolean;
  unread: number;
}
export interface NoticeDetail {
  id: string;
  title: string;
  body: string;
  createdAt: string;
}
/** Notices: with unread marks when logged in, without for a visitor. */
export const listNotices = (loggedIn: boolean, page = 1) => call<NoticePage>('GET', loggedIn ? '/api/users/notice/list' : '/api/notices/list', { query: { page } });
export const noticeDetail = (loggedIn: boolean, id: string) => call<NoticeDetail>('GET', loggedIn ? '/api/users/notice/detail' : '/api/notices/detail', { query: { id } });
