/**
 * Response codes of the provider API: SPEC section 8, plus the codes this product adds for
 * malformed input and server faults. The one table; nothing else in the code base spells a code.
 */
export const ResponseCode = {
  signSuccess: '0',
  alreadySigned: '14',
  success: '0000',
  uploadSuccess: '00000',
  keyExistsOrMissing: '0001',
  foundListError: '13',
  tokenEmpty: '1000',
  tokenExpired: '1001',
  tokenUnavailable: '1002',
  methodNotSupported: '1003',
  authEmpty: '1004',
  timestampEmpty: '1005',
  authExpired: '1006',
  repeatedRequest: '1007',
  userNotExist: '1015',
  userUnavailable: '1016',
  accessTokenEmpty: '1020',
  /** Added by this product: the body or query could not be read (malformed JSON, wrong content type). */
  malformedRequest: '4000',
  /** Added: a field failed its schema (wrong type, unknown field, rule broken). */
  invalidField: '4001',
  /** Added: the record does not exist or is not the caller's. */
  notFound: '4004',
  /** Added: the caller may not do this. */
  forbidden: '4003',
  /** Added: the coin platform refused or could not be reached. */
  platformRefused: '4100',
  /** Added: an unexpected fault; the message is "Give the server a rest". */
  serverError: '5000',
  /** Added (accounts): an e-mail code is wrong, expired, used or dead ("Verification failed"). */
  verificationFailed: '4010',
  /** Added (accounts): the e-mail or the password is wrong. */
  loginRefused: '4011',
  /** Added (accounts): too many codes asked for; wait and try again. */
  tooManyRequests: '4029',
  /** Added (accounts): the e-mail address already belongs to an account. */
  emailTaken: '4090',
  /**
   * Added (money review): the amount or fee the review sheet showed is not what the server would move
   * now; nothing moved; the person reviews the new figures. The answer's object carries them.
   */
  reviewChanged: '4091',
  /**
   * Added (withdrawal, issue 34): the address typed is not the person's Pi wallet, the only address the
   * Pi platform pays an app-to-user payment to; nothing was reserved. The object names that wallet.
   */
  notYourPiWallet: '4092',
} as const;

export type ResponseCodeName = keyof typeof ResponseCode;
export type ResponseCodeValue = (typeof ResponseCode)[ResponseCodeName];

/** The envelope every provider API answer carries. */
export interface Envelope<T> {
  code: ResponseCodeValue;
  msg: string;
  object: T;
}

const successCodes: ReadonlySet<string> = new Set([
  ResponseCode.signSuccess,
  ResponseCode.success,
  ResponseCode.uploadSuccess,
  ResponseCode.keyExistsOrMissing,
]);

/** SPEC 8: 0, the named success codes, 0001, and 13 with "found list error" count as success. */
export function isSuccess(code: string, msg: string): boolean {
  if (successCodes.has(code)) return true;
  return code === ResponseCode.foundListError && /found list error/i.test(msg);
}

/** What the client does with an answer that is not a success (SPEC 8, Reactions). */
export type Reaction =
  | { kind: 'expel' } // logout, token-error message for 1 s, then /new-my
  | { kind: 'loginRequired' } // HTTP 400: logout, login-required message, then /new-my
  | { kind: 'frozen'; detail: string } // "Your account is frozen" plus the object text
  | { kind: 'toast'; message: string } // the server's message as a failure toast
  | { kind: 'network' }; // clear the loading state

const expelCodes: ReadonlySet<string> = new Set([
  ResponseCode.tokenEmpty,
  ResponseCode.tokenExpired,
  ResponseCode.tokenUnavailable,
  ResponseCode.accessTokenEmpty,
]);

export function reactionFor(answer: { httpStatus: number; code?: string; msg?: string; object?: unknown }): Reaction {
  if (answer.httpStatus === 400) return { kind: 'loginRequired' };
  if (answer.httpStatus === 0 || answer.code === undefined) return { kind: 'network' };
  if (expelCodes.has(answer.code)) return { kind: 'expel' };
  if (answer.code === ResponseCode.userUnavailable) {
    return { kind: 'frozen', detail: typeof answer.object === 'string' ? answer.object : '' };
  }
  return { kind: 'toast', message: answer.msg ?? '' };
}

