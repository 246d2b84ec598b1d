/** One queue of the console's dashboard: how many items wait, and since when the oldest has waited. */
export interface ConsoleQueue {
  key: string;
  count: number;
  oldestAt: string | null;
}

/** A person, as staff see them beside a decision about them (issue 24). */
export interface PersonContext {
  userId: string;
  username: string;
  nickname: string;
  /** Role ids: the screen says them in words (desk.role.*). */
  roles: string[];
  memberSince: string;
  frozen: boolean;
  ordersBought: number;
  ordersSold: number;
  withdrawalsSucceeded: number;
  withdrawalsFailed: number;
  withdrawn: string;
  disputesAsBuyer: number;
  disputesAsSeller: number;
  /** After-sale cases on either side still open (applied, agreed, rejected, under appeal, goods on the way back). */
  openDisputes: number;
  /** The shop's name from the approved seller application; null for someone who does not sell. */
  shopName: string | null;
  /** The seller's products by review outcome (src/domain/personContext.ts says which states count). */
  products: { published: number; approved: number; rejected: number };
  /** The latest orders on either side, newest first, each with its first product's title. */
  recentOrders: { id: string; orderNo: string; status: string; total: string; side: 'bought' | 'sold'; product: string; more: number; createdAt: string }[];
  /** The latest after-sale cases on either side, newest first, with the order's first product's title. */
  recentCases: { id: string; orderNo: string; status: string; amount: string; side: 'buyer' | 'seller'; product: string; createdAt: string }[];
  /** The latest withdrawals, newest first. */
  recentWithdrawals: { id: string; status: string; amount: string; createdAt: string }[];
}
