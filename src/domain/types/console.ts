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
  memberSince: string;
  frozen: boolean;
  ordersBought: number;
  ordersSold: number;
  withdrawalsSucceeded: number;
  withdrawalsFailed: number;
  withdrawn: string;
  disputesAsBuyer: number;
  disputesAsSeller: number;
}
