import type { LoginAnswer, UserInfo } from '../src/domain/types/user';

/**
 * Example data for stepping charts without a server: the gallery uses them as the answers of
 * invoked actors, the model tests as the outputs they settle promises with.
 */
export const sampleUserInfo: UserInfo = {
  id: '1',
  username: 'demo_buyer',
  nickname: 'Demo Buyer',
  email: null,
  headPortrait: null,
  walletAddress: null,
  address: null,
  countryId: 4,
  countryName: 'Philippines',
  customColour: null,
  balance: '0',
  inviteCode: 'ABCDEFGH',
  medalLevel: 0,
  ambassadorLevel: 0,
  language: 'en',
  roles: ['buyer'],
  frozen: false,
};

export const sampleLoginAnswer: LoginAnswer = {
  token: 'sample-token',
  secret: 'sample-secret',
  accessToken: 'sample-access-token',
  userInfo: sampleUserInfo,
  authResult: { uid: 'sample-uid', username: 'demo_buyer' },
};
