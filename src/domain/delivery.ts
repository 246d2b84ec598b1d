import { Defaults } from './constants';

/**
 * Where a product may be delivered (SPEC 5, Publish and Order; issue 11, defect 5). One rule for the
 * product page, the order screen and the server's checkout:
 * - a product sold to "Global" (country id 0 among its sale countries) is sold to every country;
 * - otherwise the address's country must be one of its sale countries;
 * - and a product visible only in its seller's own country ("native") goes only there.
 */
export const globalCountryId: number = Defaults.countryId;

export interface DeliveryOffer {
  visibleRange: 'native' | 'global';
  saleCountries: readonly number[];
  sellerCountryId: number;
}

export function isSoldEverywhere(saleCountries: readonly number[]): boolean {
  return saleCountries.includes(globalCountryId);
}

export function deliversTo(offer: DeliveryOffer, countryId: number): boolean {
  const sold = isSoldEverywhere(offer.saleCountries) || offer.saleCountries.includes(countryId);
  const inRange = offer.visibleRange === 'global' || offer.sellerCountryId === countryId;
  return sold && inRange;
}
