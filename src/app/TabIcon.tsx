import type { TabKey } from './routeTypes';

/** Tab icons as inline SVG: crisp at any density and independent of the device's fonts. */
const paths: Record<TabKey, string> = {
  home: 'M3 10.5 12 3l9 7.5V21a1 1 0 0 1-1 1h-5v-7H9v7H4a1 1 0 0 1-1-1z',
  store: 'M4 4h16l1 5a3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0zM5 12v9h14v-9',
  publish: 'M12 5v14M5 12h14',
  help: 'M9.1 9a3 3 0 1 1 4.2 2.7c-.8.4-1.3 1.1-1.3 2v.6M12 18h.01M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z',
  account: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zM3.5 21a8.5 8.5 0 0 1 17 0',
};

export function TabIcon({ tab }: { tab: TabKey }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={paths[tab]} />
    </svg>
  );
}
