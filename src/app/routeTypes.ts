import type { ComponentType } from 'react';

export type TabKey = 'home' | 'store' | 'publish' | 'help' | 'account';

/** One row of the route table: the path, the screen, and whether it needs a logged-in user. */
export interface RouteDef {
  path: string;
  screen: ComponentType;
  login: boolean;
  /** The tab this screen belongs to; the tab bar shows on such screens and marks it active. */
  tab?: TabKey;
  /** A visitor sees the login sheet over the page they came from, not the route guard's redirect (issue 33: the buying path). */
  loginSheet?: boolean;
  /** A desk (the console, the statechart gallery, the seller centre): it takes a desktop's width, the other screens the phone column. */
  wide?: boolean;
}

export interface TabDef {
  key: TabKey;
  path: string;
  labelKey: string;
}
