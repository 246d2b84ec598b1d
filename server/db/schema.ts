import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp with a database default: optional on insert. */
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** An identity column: read as bigint, never written. */
type Id = ColumnType<bigint, never, never>;
type Int8 = bigint;
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  id: Id;
  pi_uid: string | null;
  username: string;
  nickname: string;
  email: string | null;
  head_portrait: string | null;
  wallet_address: string | null;
  address: string | null;
  country_id: Generated<number>;
  custom_colour: string | null;
  invite_code: string;
  medal_level: Generated<number>;
  ambassador_level: Generated<number>;
  language: Generated<string>;
  roles: Json<string[]>;
  frozen: Generated<boolean>;
  frozen_reason: string | null;
  created_at: DefaultedTimestamp;
  /** The last fresh platform authentication (/mine/repeatauthentication), issue 13. */
  reauthenticated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** IANA zone the user's day is decided in (issue 14); set at login from the device when missing. */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
  invited_by: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  invited_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The Pi wallet address the platform pays this person's payouts to, as the platform said (issue 34); null until known. */
  pi_wallet: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionsTable {
  token: string;
  secret: string;
  user_id: Int8;
  access_token: string;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface LoginTicketsTable {
  ticket: string;
  user_id: Int8;
  access_token: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface RequestSignaturesTable {
  signature: string;
  seen_at: Timestamp;
}

export interface RegionsTable {
  id: number;
  parent_id: number | null;
  level: number;
  name: string;
  code: string;
}

export interface LanguagesTable {
  code: string;
  name: string;
  native_name: string;
  dir: string;
  sort: number;
}

export interface CategoriesTable {
  id: number;
  parent_id: number | null;
  key: string;
  icon: string;
  sort: number;
}

export interface PageViewsTable {
  id: Id;
  path: string;
  referrer: string | null;
  user_id: Int8 | null;
  language: string;
  created_at: DefaultedTimestamp;
}

/** Double-entry ledger: every movement is two or more rows of one txn that sum to zero. */
export interface LedgerEntriesTable {
  id: Id;
  txn_id: string;
  account: string;
  amount: Int8;
  kind: string;
  reference: string | null;
  created_at: DefaultedTimestamp;
}

/** The balance of each ledger account, maintained by post() in the ledger rows' transaction (issue 16). */
export interface AccountBalancesTable {
  account: string;
  balance: Int8;
}

/** The sandbox platform's own tables: the simulated coin network. Never read by the product code. */
export interface SandboxWalletsTable {
  uid: string;
  username: string;
  balance: Int8;
  created_at: DefaultedTimestamp;
  /** The person's KYC as the sandbox platform reports it (issue 13). */
  kyc: Generated<string>;
  /** Sandbox: app-to-user payouts to this wallet fail at submission (issue 13). */
  payout_fails: Generated<boolean>;
  /** Whether the person granted the app `wallet_address` (issue 27). */
  wallet_scope: Generated<boolean>;
}

export interface SandboxAccessTokensTable {
  token: string;
  uid: string;
  expires_at: Timestamp;
}

export interface SandboxPaymentsTable {
  identifier: string;
  user_uid: string;
  amount: Int8;
  memo: string;
  metadata: Json<Record<string, unknown>>;
  direction: string;
  developer_approved: Generated<boolean>;
  transaction_verified: Generated<boolean>;
  developer_completed: Generated<boolean>;
  cancelled: Generated<boolean>;
  user_cancelled: Generated<boolean>;
  txid: string | null;
  created_at: DefaultedTimestamp;
  /** Sandbox: when a submitted app-to-user transaction counts as verified (the confirmation delay). */
  verified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface SandboxTransactionsTable {
  txid: string;
  payment_identifier: string;
  from_uid: string;
  to_uid: string;
  amount: Int8;
  created_at: DefaultedTimestamp;
}

export interface TimersTable {
  id: Id;
  kind: string;
  entity_id: string;
  name: string;
  event: string;
  due_at: Timestamp;
  fired_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: DefaultedTimestamp;
}

export interface ImagesTable {
  id: string;
  owner_id: bigint | null;
  width: number;
  height: number;
  bytes: number;
  created_at: DefaultedTimestamp;
}

/** Who uploaded which picture (0009): an image shared by two uploaders belongs to both. */
export interface ImageUploadsTable {
  image_id: string;
  user_id: bigint;
  created_at: DefaultedTimestamp;
}

/** The one server-wide key signing private images' URLs (0015), 32 random bytes in hex. */
export interface MediaKeyTable {
  id: number;
  key: string;
}

/** Images referenced by evidence, chat or work orders (0015): served only by a signed URL unless also public. */
export interface PrivateImagesTable {
  image_id: string;
}

export interface ProductsTable {
  id: Id;
  seller_id: bigint;
  title: string;
  description: string;
  category_id: number;
  condition: 'new' | 'secondHand';
  price: bigint;
  shipping_fee: bigint;
  shipping_method: 'free' | 'collect';
  shipping_place: string;
  visible_range: 'native' | 'global';
  global_barter: boolean;
  /** Region ids (countries) the product is sold to. */
  sale_countries: Json<number[]>;
  contact_email: string;
  after_sales: Generated<string>;
  /** The product lifecycle chart's state (machines/product.machine.ts). */
  status: string;
  /** The chart's persisted snapshot: {value, context}. */
  chart: Json<{ value: unknown; context: unknown }>;
  review_reason: string | null;
  /** How many reports were filed on the product: moved in the same transaction as a report is filed (migration 0017). */
  report_count: Generated<number>;
  /** The picture at position 0 and its size, null without pictures: kept by triggers on product_images (migration 0021). */
  cover_image_id: Generated<string | null>;
  cover_width: Generated<number | null>;
  cover_height: Generated<number | null>;
  /** The buyers' order ratings (score sum and count) and the units of received orders (migration 0028, server/services/trust.ts). */
  rating_sum: Generated<bigint>;
  rating_count: Generated<number>;
  sold: Generated<bigint>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

/** A shop's trust figures, one row per seller (migration 0028, server/services/trust.ts). */
export interface ShopTrustTable {
  seller_id: bigint;
  rating_sum: Generated<bigint>;
  rating_count: Generated<bigint>;
  shipped: Generated<bigint>;
  shipped_on_time: Generated<bigint>;
  replies: Generated<bigint>;
  reply_ms: Generated<bigint>;
}

export interface ProductImagesTable {
  product_id: bigint;
  image_id: string;
  position: number;
}

export interface ProductSkusTable {
  id: Id;
  product_id: bigint;
  specification: string;
  colour: string;
  stock: number;
}

/** Issue 3 (accounts): a password for an account, scrypt with its own salt (server/services/passwords.ts). */
export interface CredentialsTable {
  user_id: bigint;
  password_hash: string;
  updated_at: DefaultedTimestamp;
}

/** An e-mail code: only its hash is kept; it expires, is used once and dies after too many wrong tries. */
export interface EmailCodesTable {
  id: Id;
  purpose: 'register' | 'reset' | 'email' | 'withdraw';
  email: string;
  user_id: bigint | null;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  dead: Generated<boolean>;
}

export interface OutboxTable {
  id: Id;
  to_address: string;
  subject: string;
  body: string;
  via: string;
  created_at: Timestamp;
}

export interface UserFlagsTable {
  user_id: bigint;
  risk_warning_read: Generated<boolean>;
  follow_page_read: Generated<boolean>;
  tips_read: Generated<boolean>;
  agreement_accepted: Generated<boolean>;
  wallet_setup_cancelled: Generated<boolean>;
}

export interface NoticesTable {
  id: Id;
  title: string;
  body: string;
  author_id: bigint;
  created_at: Timestamp;
}

export interface NoticeReadsTable {
  notice_id: bigint;
  user_id: bigint;
  read_at: Timestamp;
}

export interface LoginFailuresTable {
  id: Id;
  email: string;
  at: Timestamp;
}

export interface FreezeLogTable {
  id: Id;
  user_id: bigint;
  staff_id: bigint | null;
  action: 'freeze' | 'unfreeze';
  reason: string;
  created_at: Timestamp;
}

/** Commerce (0007_commerce): addresses, carts, checkouts, orders, their items and payments. */
export interface AddressesTable {
  id: Id;
  user_id: bigint;
  first_name: string;
  last_name: string;
  phone: string;
  country_id: number;
  province_id: number | null;
  city_id: number | null;
  street: Generated<string>;
  building_number: Generated<string>;
  detail: string;
  zip_code: Generated<string>;
  is_default: Generated<boolean>;
  deleted_at: Timestamp | null;
  created_at: DefaultedTimestamp;
}

export interface CartsTable {
  user_id: bigint;
  items: Json<{ productId: string; skuId: string; quantity: number; selected: boolean }[]>;
  updated_at: DefaultedTimestamp;
}

export interface CheckoutsTable {
  id: Id;
  buyer_id: bigint;
  idempotency_key: string;
  created_at: DefaultedTimestamp;
}

/** The buyer's delivery details as they were when the order was placed. */
export interface DeliverySnapshot {
  name: string;
  phone: string;
  countryId: number;
  region: string;
  street: string;
  buildingNumber: string;
  detail: string;
  zipCode: string;
  email: string | null;
}

export interface OrdersTable {
  id: Id;
  order_no: string;
  checkout_id: bigint;
  buyer_id: bigint;
  seller_id: bigint;
  /** The order chart's top-level state (machines/order.machine.ts), the name of its SPEC code. */
  status: string;
  /** The chart's whole state path ('refundRequested.onTheWay'). */
  stage: Generated<string>;
  updated_at: DefaultedTimestamp;
  buyer_unread: Generated<boolean>;
  seller_unread: Generated<boolean>;
  /** The buyer's list tab of the order's stage (buyerOrderTabs), kept by the database from `stage` (migration 0017); null: 'all' only. */
  buyer_tab: ColumnType<string | null, never, never>;
  /** The seller's list tab of the order's stage (sellerOrderTabs), kept by the database from `stage`; null: 'all' only. */
  seller_tab: ColumnType<string | null, never, never>;
  chart: Json<{ value: unknown; context: unknown }>;
  goods_amount: bigint;
  shipping_amount: bigint;
  total_amount: bigint;
  handling_fee: bigint;
  paid_amount: Generated<bigint>;
  payment_method: 'coin' | 'balance' | 'wallet' | null;
  delivery: Json<DeliverySnapshot>;
  comments: Generated<string>;
  created_at: DefaultedTimestamp;
  paid_at: Timestamp | null;
  expires_at: Timestamp;
}

export interface OrderItemsTable {
  id: Id;
  order_id: bigint;
  product_id: bigint;
  sku_id: bigint;
  title: string;
  specification: string;
  colour: string;
  quantity: number;
  unit_price: bigint;
  shipping_fee: bigint;
}

export interface PaymentsTable {
  id: Id;
  user_id: bigint;
  method: 'coin' | 'balance' | 'wallet';
  amount: bigint;
  status: 'created' | 'approved' | 'completed' | 'cancelled' | 'failed';
  /** The platform's payment identifier (coin payments): unique. */
  payment_id: string | null;
  /** The blockchain transaction id (coin payments): unique. */
  txid: string | null;
  ledger_txn: string | null;
  note: string | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface OrderEventsTable {
  id: Id;
  order_id: bigint;
  event: string;
  party: string;
  from_stage: string;
  to_stage: string;
  created_at: DefaultedTimestamp;
}

export interface AfterSalesTable {
  id: Id;
  order_id: bigint;
  buyer_id: bigint;
  seller_id: bigint;
  kind: string;
  /** The after-sale chart's state (machines/afterSale.machine.ts), the name of its SPEC code. */
  status: string;
  chart: Json<{ value: unknown; context: unknown }>;
  /** The refund asked for, in units of 10^-7. */
  amount: bigint;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  appealed_at: Timestamp | null;
  buyer_unread: Generated<boolean>;
  seller_unread: Generated<boolean>;
}

export interface AfterSaleEventsTable {
  id: Id;
  case_id: bigint;
  event: string;
  party: string;
  actor_id: bigint | null;
  from_status: string;
  to_status: string;
  detail: Json<Record<string, unknown>>;
  created_at: DefaultedTimestamp;
}

export interface AfterSaleEvidenceTable {
  case_id: bigint;
  image_id: string;
  /** 'application' or 'appeal'. */
  step: string;
  position: number;
  uploaded_by: bigint;
}

export interface PaymentOrdersTable {
  payment_ref: bigint;
  order_id: bigint;
}

/** Sandbox only: the wallet app's accounts (its balance is not the account balance of the ledger). */
export interface SandboxWalletAppAccountsTable {
  username: string;
  balance: bigint;
  pay_password_hash: string;
  merged: Generated<boolean>;
  created_at: DefaultedTimestamp;
  /** The account this wallet-app account was merged with (issue 13); null for the seeded demo merge by user name. */
  merged_user_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
}

export interface SellerApplicationsTable {
  id: Id;
  user_id: bigint;
  store_name: string;
  real_name: string;
  email: string;
  description: Generated<string>;
  status: 'pending' | 'approved' | 'refused';
  reason: string | null;
  decided_by: bigint | null;
  decided_at: Timestamp | null;
  created_at: DefaultedTimestamp;
}

export interface ProductCollectsTable {
  user_id: bigint;
  product_id: bigint;
  created_at: DefaultedTimestamp;
}

export interface StoreFollowsTable {
  user_id: bigint;
  seller_id: bigint;
  created_at: DefaultedTimestamp;
}

export interface ProductCommentsTable {
  id: Id;
  product_id: bigint;
  user_id: bigint;
  rating: number;
  content: string;
  anonymous: Generated<boolean>;
  deleted_at: Timestamp | null;
  created_at: DefaultedTimestamp;
  /** The order a buyer's rating came from (null for a plain comment). */
  order_id: Generated<bigint | null>;
}

export interface SellerBlocksTable {
  seller_id: bigint;
  user_id: bigint;
  created_at: DefaultedTimestamp;
}

/** The stored full-text document of a product (title and description), GIN-indexed. */
/** The visible listing (migration 0016): one row per listed product and country key, kept by triggers. */
export interface ProductListingTable {
  country_id: number;
  category_id: number;
  product_id: bigint;
  seller_id: bigint;
}

/** Every lexeme of the product search documents (migration 0016), for expanding a prefix word. */
export interface SearchWordsTable {
  word: string;
}

/** The name tokens of each visible listing row: a title word or a pair of them (migration 0018). */
export interface SearchPostingsTable {
  key: number;
  token: string;
  product_id: bigint;
}

export interface ProductSearchTable {
  product_id: bigint;
  document: string;
}

export interface ProductReportsTable {
  id: Id;
  product_id: bigint;
  user_id: bigint;
  reason: string;
  created_at: DefaultedTimestamp;
}

/** Points (issue 14): see server/db/migrations/0012_points.ts. */
export interface CheckInsTable {
  user_id: bigint;
  day: string;
  time_zone: string;
  reward: bigint;
  created_at: DefaultedTimestamp;
}

export interface PlatformCountersTable {
  name: string;
  value: bigint;
}

export interface RewardedAdsTable {
  ad_id: string;
  user_id: bigint;
  day: string;
  status: string | null;
  seconds: number;
  reward: bigint;
  created_at: DefaultedTimestamp;
}

export interface PointsEntriesTable {
  id: Id;
  user_id: bigint;
  kind: string;
  amount: bigint;
  reference: string;
  day: string;
  created_at: DefaultedTimestamp;
}

export interface PointsScoresTable {
  board: string;
  period: string;
  user_id: bigint;
  score: bigint;
}

export interface SandboxAdsTable {
  ad_id: string;
  uid: string;
  status: string | null;
  created_at: DefaultedTimestamp;
}

/** Customer service (issue 15, 0013_customer_service): conversations, messages, stream tickets, work orders. */
export interface ConversationsTable {
  id: Id;
  buyer_id: bigint;
  /** The seller; null for a conversation with the platform's customer service. */
  seller_id: bigint | null;
  subject_kind: 'product' | 'store' | 'order' | null;
  subject_id: bigint | null;
  buyer_read_id: Generated<bigint>;
  counterpart_read_id: Generated<bigint>;
  last_message_id: Generated<bigint>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}
export interface ChatMessagesTable {
  id: Id;
  conversation_id: bigint;
  sender_id: bigint;
  side: 'buyer' | 'counterpart';
  client_id: string;
  body: string;
  image_id: string | null;
  created_at: DefaultedTimestamp;
}
/** A change notice of the live channel (issue 23): who it is for, what changed; its id is its position. */
export interface LiveNoticesTable {
  id: Id;
  audience: 'person' | 'staff' | 'all';
  person_id: Int8 | null;
  topic: string;
  ref: string | null;
  created_at: DefaultedTimestamp;
}
/** A seller's saved quick reply (issue 37, finding 5; 0030_quick_replies), in the seller's order. */
export interface QuickRepliesTable {
  id: Id;
  seller_id: bigint;
  body: string;
  position: number;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}
export interface ChatStreamTicketsTable {
  ticket: string;
  user_id: bigint;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}
export interface WorkOrdersTable {
  id: Id;
  work_order_no: string;
  user_id: bigint;
  order_id: bigint;
  category: string;
  description: string;
  images: Json<string[]>;
  /** The work-order chart's state (machines/workOrder.machine.ts), a row of workOrderStatusTable. */
  status: string;
  chart: Json<{ value: unknown; context: unknown }>;
  user_unread: Generated<boolean>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}
export interface WorkOrderRepliesTable {
  id: Id;
  work_order_id: bigint;
  author_id: bigint;
  by_side: 'user' | 'staff';
  body: string;
  created_at: DefaultedTimestamp;
}
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_tickets: LoginTicketsTable;
  request_signatures: RequestSignaturesTable;
  regions: RegionsTable;
  languages: LanguagesTable;
  categories: CategoriesTable;
  page_views: PageViewsTable;
  ledger_entries: LedgerEntriesTable;
  account_balances: AccountBalancesTable;
  sandbox_wallets: SandboxWalletsTable;
  sandbox_access_tokens: SandboxAccessTokensTable;
  sandbox_payments: SandboxPaymentsTable;
  sandbox_transactions: SandboxTransactionsTable;
  timers: TimersTable;
  images: ImagesTable;
  image_uploads: ImageUploadsTable;
  media_key: MediaKeyTable;
  private_images: PrivateImagesTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  product_skus: ProductSkusTable;
  addresses: AddressesTable;
  carts: CartsTable;
  checkouts: CheckoutsTable;
  orders: OrdersTable;
  after_sales: AfterSalesTable;
  after_sale_events: AfterSaleEventsTable;
  after_sale_evidence: AfterSaleEvidenceTable;
  order_items: OrderItemsTable;
  payments: PaymentsTable;
  payment_orders: PaymentOrdersTable;
  sandbox_wallet_app_accounts: SandboxWalletAppAccountsTable;
  credentials: CredentialsTable;
  email_codes: EmailCodesTable;
  outbox: OutboxTable;
  user_flags: UserFlagsTable;
  notices: NoticesTable;
  notice_reads: NoticeReadsTable;
  freeze_log: FreezeLogTable;
  login_failures: LoginFailuresTable;
  seller_applications: SellerApplicationsTable;
  product_collects: ProductCollectsTable;
  store_follows: StoreFollowsTable;
  product_comments: ProductCommentsTable;
  order_events: OrderEventsTable;
  seller_blocks: SellerBlocksTable;
  product_reports: ProductReportsTable;
  product_search: ProductSearchTable;
  product_listing: ProductListingTable;
  search_words: SearchWordsTable;
  search_postings: SearchPostingsTable;
  withdrawals: WithdrawalsTable;
  withdrawal_events: WithdrawalEventsTable;
  payout_envelopes: PayoutEnvelopesTable;
  payout_slots: PayoutSlotsTable;
  sandbox_accounts: SandboxAccountsTable;
  sandbox_chain_transactions: SandboxChainTransactionsTable;
  kyc_records: KycRecordsTable;
  kyc_events: KycEventsTable;
  chart_steps: ChartStepsTable;
  shop_trust: ShopTrustTable;
  chart_step_rollups: ChartStepRollupsTable;
  chart_records: ChartRecordsTable;
  chart_state_counts: ChartStateCountsTable;
  chart_order_keys: ChartOrderKeysTable;
  chart_order_rollups: ChartOrderRollupsTable;
  chart_order_state_counts: ChartOrderStateCountsTable;
  listing_drafts: ListingDraftsTable;
  wallet_flags: WalletFlagsTable;
  check_ins: CheckInsTable;
  platform_counters: PlatformCountersTable;
  rewarded_ads: RewardedAdsTable;
  points_entries: PointsEntriesTable;
  points_scores: PointsScoresTable;
  sandbox_ads: SandboxAdsTable;
  conversations: ConversationsTable;
  chat_messages: ChatMessagesTable;
  chat_stream_tickets: ChatStreamTicketsTable;
  quick_replies: QuickRepliesTable;
  live_notices: LiveNoticesTable;
  work_orders: WorkOrdersTable;
  work_order_replies: WorkOrderRepliesTable;
  rate_limit_counts: RateLimitCountsTable;
  password_locks: PasswordLocksTable;
  ad_sessions: AdSessionsTable;
}

/** Abuse limits (issue 25, migration 0024). */
export interface RateLimitCountsTable {
  key: string;
  window_start: Int8;
  count: number;
}

export interface PasswordLocksTable {
  key: string;
  failures: number;
  locked_until: Date | null;
  updated_at: Date;
}

export interface AdSessionsTable {
  id: string;
  user_id: Int8;
  started_at: Date;
  expires_at: Date;
  ad_id: string | null;
  claimed_at: Date | null;
}

/** Withdrawal to a wallet address (issue 13). `status` is SPEC's word, `stage` the chart's state. */
export interface WithdrawalsTable {
  id: Id;
  user_id: Int8;
  status: string;
  stage: string;
  chart: Json<{ value: unknown; context: unknown }>;
  address: string;
  amount: Int8;
  fee: Int8;
  payment_id: string | null;
  txid: string | null;
  from_address: string | null;
  /** The address the payout's transaction paid: the platform payment's to_address, kept when it is signed (issue 34). */
  paid_to: ColumnType<string | null, string | null | undefined, string | null>;
  reviewer_id: Int8 | null;
  reviewed_at: Timestamp | null;
  payout_claimed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
  /** Why an approved payout waits (issue 27): `appBalanceLow`, `walletAuthRequired`, `appWalletMissing`; null when it does not. */
  waiting: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The signed chain transaction of a withdrawal's payout, stored before it is submitted (issue 27). */
export interface PayoutEnvelopesTable {
  id: Id;
  withdrawal_id: Int8;
  payment_id: string;
  network: string;
  source: string;
  /** The transaction's sequence number (decimal text: it passes 2^53). */
  sequence: string;
  hash: string;
  envelope: string;
  max_time: Timestamp;
  created_at: Timestamp;
  replaced_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** One row per app wallet: the withdrawal whose payout holds it (issue 27). */
export interface PayoutSlotsTable {
  wallet: string;
  withdrawal_id: Int8 | null;
  claimed_at: Timestamp | null;
}

/** The sandbox Horizon's accounts: each wallet's address and sequence number (issue 27). */
export interface SandboxAccountsTable {
  address: string;
  uid: string;
  sequence: Int8;
}

/** Transactions the sandbox Horizon took into a ledger (successful or failed, as a chain does). */
export interface SandboxChainTransactionsTable {
  hash: string;
  source: string;
  sequence: Int8;
  memo: string;
  destination: string;
  amount: Int8;
  fee: Int8;
  successful: boolean;
  result_code: string;
  envelope: string;
  ledger: number;
  created_at: Timestamp;
}

/** A person's identity check, kept by the product (issue 27). */
export interface KycRecordsTable {
  user_id: Int8;
  status: string;
  chart: Json<{ value: unknown; context: unknown }>;
  full_name: string | null;
  birth_date: string | null;
  country: string | null;
  document_type: string | null;
  document_number: string | null;
  rejection: string | null;
  submitted_at: Timestamp | null;
  reviewer_id: Int8 | null;
  reviewed_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface KycEventsTable {
  id: Id;
  user_id: Int8;
  event: string;
  party: string;
  by_user_id: Int8 | null;
  from_status: string;
  to_status: string;
  note: string | null;
  created_at: Timestamp;
}

/** One step of a server chart (migration 0026): every chart's steps in one table, written by server/charts/steps.ts. */
export interface ChartStepsTable {
  id: Id;
  chart: string;
  record_id: Int8;
  event: string;
  party: string;
  from_state: string;
  to_state: string;
  /** When the record entered from_state (its previous step), null for its first. */
  entered_at: Timestamp | null;
  created_at: Timestamp;
}

/** Per day, transition, party and time bucket: steps and milliseconds in the state left (migration 0029). */
export interface ChartStepRollupsTable {
  chart: string;
  day: ColumnType<string, string, string>;
  from_state: string;
  event: string;
  to_state: string;
  party: string;
  bucket: number;
  shard: number;
  steps: Int8;
  ms: Int8;
}

/** Each record's current state on its chart and since when (migration 0029). */
export interface ChartRecordsTable {
  chart: string;
  record_id: Int8;
  state: string;
  entered_at: Timestamp;
}

/** A seller's unpublished new listing (migration 0031): the form's product input and its stored pictures. */
export interface ListingDraftsTable {
  seller_id: Int8;
  body: Json<unknown>;
  updated_at: DefaultedTimestamp;
}

/** Records per state now, sharded by record (migration 0029). */
export interface ChartStateCountsTable {
  chart: string;
  state: string;
  shard: number;
  records: Int8;
}

/** An order's filter keys for the production view, fixed at its first step (migration 0032). */
export interface ChartOrderKeysTable {
  order_id: Int8;
  seller_id: Int8;
  country_id: number;
  category_ids: number[];
}

/** chart_step_rollups of the order chart keyed by seller, country and category, 0 for "any" (migration 0032). */
export interface ChartOrderRollupsTable {
  seller_id: Int8;
  country_id: number;
  category_id: number;
  day: ColumnType<string, string, string>;
  from_state: string;
  event: string;
  to_state: string;
  party: string;
  bucket: number;
  shard: number;
  steps: Int8;
  ms: Int8;
}

/** Orders per state now keyed by seller, country and category, 0 for "any" (migration 0032). */
export interface ChartOrderStateCountsTable {
  seller_id: Int8;
  country_id: number;
  category_id: number;
  state: string;
  shard: number;
  records: Int8;
}

export interface WithdrawalEventsTable {
  id: Id;
  withdrawal_id: Int8;
  event: string;
  party: string;
  from_stage: string;
  to_stage: string;
  note: string | null;
  created_at: Timestamp;
}

export interface WalletFlagsTable {
  user_id: Int8;
  wallet_ad_shown_at: Timestamp | null;
  withdraw_ad_shown_at: Timestamp | null;
  tk_happy_count: Generated<number>;
  qr_tip_status: Generated<boolean>;
  fa_key_saved_at: Timestamp | null;
}
