import { coinText, type Units } from '../domain/money';
import * as css from './amounts.css';

/**
 * Every amount of the coin on screen (issue 37, finding 3): "π 38.92756", the rule of coinText
 * (src/domain/money.ts), read left to right as one isolated piece in every language and never broken
 * across lines. Amounts stay BigInt or the wire's decimal strings until here. Inside a translated sentence:
 * moneyText (src/app/moneyText.ts; apart so that the first screen's tiles load only this).
 */
export function Money({ amount, signed, strong, className, testId }: { amount: Units | string; signed?: boolean; strong?: boolean; className?: string; testId?: string }) {
  // On screen the sign and the number part only where the no-wrap style allows, which is nowhere: a plain space.
  const text = coinText(amount, { signed }).replace('\u00a0', ' ');
  const classes = `${css.amount}${className ? ` ${className}` : ''}`;
  return strong ? (
    <strong dir="ltr" className={classes} data-testid={testId} data-amount="">
      {text}
    </strong>
  ) : (
    <bdi dir="ltr" className={classes} data-testid={testId} data-amount="">
      {text}
    </bdi>
  );
}
