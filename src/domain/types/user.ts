/** Roles (SPEC 6). A visitor has no account; every account is a buyer; the others are granted. */
export const Role = {
  buyer: 'buyer',
  seller: 'seller',
  ambassador: 'ambassador',
  arbiter: 'arbiter',
} as const;
export type RoleName = (typeof Role)[keyof typeof Role];

/** The user info the server answers from getUserInfo (SPEC 3, User). Money as decimal strings. */
export interface UserInfo {
  id: string;
  username: string;
  nickname: string;
  email: string | null;
  headPortrait: string | null;
  walletAddress: string | null;
  address: string | null;
  countryId: number;
  countryName: string;
  customColour: string | null;
  balance: string;
  inviteCode: string;
  medalLevel: number;
  ambassadorLevel: number;
  language: string;
  roles: RoleName[];
  frozen: boolean;
}

/** What the host bridge's authenticate answered (SPEC 3, Session: authResult). */
export interface AuthResult {
  uid: string;
  username: string;
}

/** The session the server issued: the token, the signing secret (kept on the device) and the coin access token. */
export interface SessionKeys {
  token: string;
  secret: string;
  accessToken: string;
}

/** getToken's answer. */
export interface LoginAnswer extends SessionKeys {
  userInfo: UserInfo;
  authResult: AuthResult | null;
}
