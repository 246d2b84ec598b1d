import type { ResponseCodeName } from './codes';

/** The locale key of the message the server sends with each non-success code. */
export const codeMessageKey: Partial<Record<ResponseCodeName, string>> = {
  tokenEmpty: 'errors.tokenEmpty',
  tokenExpired: 'errors.tokenExpired',
  tokenUnavailable: 'errors.tokenUnavailable',
  methodNotSupported: 'errors.methodNotSupported',
  authEmpty: 'errors.authEmpty',
  timestampEmpty: 'errors.timestampEmpty',
  authExpired: 'errors.authExpired',
  repeatedRequest: 'errors.repeatedRequest',
  userNotExist: 'errors.userNotExist',
  userUnavailable: 'errors.userUnavailable',
  accessTokenEmpty: 'errors.accessTokenEmpty',
  malformedRequest: 'errors.malformedRequest',
  invalidField: 'errors.invalidField',
  notFound: 'errors.notFound',
  forbidden: 'errors.forbidden',
  platformRefused: 'errors.platformRefused',
  serverError: 'errors.serverError',
  verificationFailed: 'messages.verificationFailed',
  loginRefused: 'accounts.errors.loginRefused',
  tooManyRequests: 'accounts.errors.tooManyRequests',
  emailTaken: 'accounts.errors.emailTaken',
  reviewChanged: 'review.changed',
  notYourPiWallet: 'errors.notYourPiWallet',
};
