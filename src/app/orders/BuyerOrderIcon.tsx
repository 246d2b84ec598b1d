import type { BuyerOrderTab } from '../../domain/orderRules';

/** The icons of the buyer's order tabs as inline SVG (crisp, and independent of the device's emoji font). */
const paths: Record<BuyerOrderTab, string> = {
  toPay: 'M3 7h16a1 1 0 0 1 1 1v11H3zM3 7V5h13v2M16 13.5h.01',
  pendingShipment: 'M21 8 12 3 3 8l9 5zM3 8v8l9 5 9-5V8M12 13v8',
  shipped: 'M2 6h12v10H2zM14 10h4l3 3v3h-7M6 19.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM17 19.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z',
  unrated: 'm12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z',
  all: 'M6 2h12v20l-3-2-3 2-3-2-3 2zM9 7h6M9 11h6M9 15h4',
};

export function BuyerOrderIcon({ tab, size = 24 }: { tab: BuyerOrderTab; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={paths[tab]} />
    </svg>
  );
}
