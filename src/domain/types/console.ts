/** One queue of the console's dashboard: how many items wait, and since when the oldest has waited. */
export interface ConsoleQueue {
  key: string;
  count: number;
  oldestAt: string | null;
}
