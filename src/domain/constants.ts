/** Business constants and limits (SPEC section 9). Durations are milliseconds. */
const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

export const Durations = {
  second,
  minute,
  hour,
  day,
  httpTimeout: 120 * second,
  chunkLoadTimeout: 120 * second,
  loginRequiredToast: 1500,
  tokenErrorToast: 1000,
  /** Requests whose timestamp is further than this from the server clock are refused (1006). */
  signatureWindow: 5 * minute,
  /** A session token lives this long after login. */
  sessionLifetime: 30 * day,
  sellerConfirmWindow: 24 * hour,
  refundResponseWindow: 24 * hour,
  buyerCheckWindow: 3 * day,
  /**
   * Counted from receipt: a seller's income from an order stays pending (not withdrawable) until this
   * window has passed or the order's after-sale case is closed; ambassador rewards wait for it too.
   */
  afterSaleWindow: 15 * day,
  /** How long the answer the page asked for before the app started (a shared link's screen data) may stand in for the screen's own request. */
  prefetchFresh: 30 * second,
  /** The sandbox host repeats onReadyForServerApproval this often until approved. */
  approvalRetry: 10 * second,
  /** The sandbox host cancels a payment not approved after this long. */
  approvalTimeout: 60 * second,
} as const;

export const Limits = {
  productImagesMin: 3,
  productImagesMax: 10,
  imageBytesMax: 5 * 1024 * 1024,
  /**
   * The most pixels an uploaded picture may have (issue 34): 144 megapixels (12,000 × 12,000), above every
   * phone camera's full-size photo up to 108 MP; a 200 MP photo is far over 5 MB and made smaller on the
   * device first. Checked from the header, before any decoding.
   */
  imagePixelsMax: 144_000_000,
  descriptionWordsMin: 30,
  saleCountriesMax: 30,
  moneyDecimals: 7,
  afterSaleEvidenceMax: 4,
  verificationCodeLength: 6,
  gradientColoursMin: 2,
  gradientDirections: 8,
  desktopWidthPx: 375,
  /** getWordAddress: a level of 3 or more is raised to this. */
  wordAddressDeepLevel: 100,
  wordAddressRaiseFrom: 3,
} as const;

export const Defaults = {
  language: 'en',
  countryId: 0,
  countryName: 'Global',
} as const;

export const Leaderboards = ['day', 'month', 'total'] as const;

export const Gender = { male: 1, female: 0 } as const;
export const DateUnit = { year: 0, month: 1, day: 2 } as const;
export const DatetimeFormat = 'YYYY-MM-DD HH:mm:ss';
