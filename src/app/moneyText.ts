import { ltrText } from './Isolate';
import { coinText, type Units } from '../domain/money';

/**
 * An amount inside a translated sentence or a joined string, where no element can go (issue 37, finding 3):
 * the rule of coinText (src/domain/money.ts), "π 38.92756", in Unicode's left-to-right isolate, the sign and
 * the number held together by a no-break space. In markup, <Money> (src/app/Money.tsx).
 */
export function moneyText(amount: Units | string, options: { signed?: boolean } = {}): string {
  return ltrText(coinText(amount, options));
}
