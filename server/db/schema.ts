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

/** The sandbox platform's own tables: the simulated coin network. Never read by the product code. */
export interface SandboxWalletsTable {
  uid: string;
  username: string;
  balance: Int8;
  created_at: DefaultedTimestamp;
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
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
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
  sandbox_wallets: SandboxWalletsTable;
  sandbox_access_tokens: SandboxAccessTokensTable;
  sandbox_payments: SandboxPaymentsTable;
  sandbox_transactions: SandboxTransactionsTable;
  timers: TimersTable;
  images: ImagesTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  product_skus: ProductSkusTable;
}
