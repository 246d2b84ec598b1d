import { DecisionSheet } from '../../src/app/DecisionSheet';
import { useResource } from '../../src/app/useResource';
import { getUserBalance } from '../../src/api/accounts';
import { parseMoney } from '../../src/domain/money';
import { useT } from '../../src/i18n/react';
import { Money } from '../../src/app/Money';
import { moneyText } from '../../src/app/moneyText';

/**
 * The review before paying from the account balance (issue 24): the amount, the balance now and what
 * remains; nothing is paid until Pay. The amount it shows is the one sent, and the server refuses
 * another. Closing it leaves the orders unpaid (they can be paid from My orders).
 */
export default function PayReviewSheet(props: { open: boolean; amount: string | null; busy: boolean; failure: string | null; onConfirm: (amount: string) => void; onClose: () => void }) {
  const t = useT();
  // Loaded afresh each time the sheet opens (and after a refusal), so "what remains" is true now.
  const balance = useResource(getUserBalance);
  const amount = props.amount === null ? null : parseMoney(props.amount);
  const have = balance.data ? parseMoney(balance.data.balance) : null;
  const remains = amount !== null && have !== null ? have - amount : null;
  const short = remains !== null && remains < 0n;
  return (
    <DecisionSheet
      open={props.open}
      onOpenChange={(open) => (open ? undefined : props.onClose())}
      title={t('review.payTitle')}
      description={t('review.payDescription')}
      testId="pay-review"
      figures={[
        { label: t('review.amount'), value: props.amount === null ? '…' : <Money amount={props.amount} />, testId: 'pay-review-amount' },
        { label: t('review.balanceNow'), value: have === null ? '…' : <Money amount={have} />, testId: 'pay-review-balance' },
        { label: t('review.remains'), value: remains === null ? '…' : short ? '—' : <Money amount={remains} />, strong: true, testId: 'pay-review-remains' },
      ]}
      consequence={t('review.payConsequence')}
      problem={short && remains !== null ? t('review.notEnough', { missing: moneyText(-remains) }) : props.failure ? t(props.failure) : null}
      confirmLabel={props.amount === null ? t('review.pay') : t('review.payAmount', { amount: moneyText(props.amount) })}
      busy={props.busy}
      disabled={props.amount === null || have === null || short}
      onConfirm={() => props.amount !== null && props.onConfirm(props.amount)}
    />
  );
}
