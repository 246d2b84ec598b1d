import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useGate } from '../../src/app/gateContext';
import { useT } from '../../src/i18n/react';
import { muted } from '../../src/theme/ui.css';
import * as css from './buyer.css';
import { noteMax, type ReasonDraft, type ReasonKey } from './buyerReasons';

/** The signed-in user's e-mail, to prefill the refund form. */
export function useUserEmail(): string {
  const gate = useGate();
  return useSelector(gate, (s) => s.context.userInfo?.email ?? '');
}

/** A reason from a list (radio buttons), optional words of one's own, and the e-mail when a refund is asked. */
export function ReasonFields({ reasons, draft, onChange, withEmail }: { reasons: readonly ReasonKey[]; draft: ReasonDraft; onChange: (draft: ReasonDraft) => void; withEmail: boolean }) {
  const t = useT();
  const id = useId();
  return (
    <>
      <fieldset className={css.field}>
        <legend className={css.label}>{t('buyerOrders.reasons.legend')}</legend>
        {reasons.map((key) => (
          <label key={key} className={css.option}>
            <input type="radio" name={`${id}-reason`} checked={draft.reason === key} onChange={() => onChange({ ...draft, reason: key })} data-testid={`reason-${key}`} />
            <span>{t(`buyerOrders.reasons.${key}`)}</span>
          </label>
        ))}
      </fieldset>
      <label className={css.field}>
        <span className={css.label}>{t('buyerOrders.reasons.note')}</span>
        <textarea className={css.textarea} maxLength={noteMax} value={draft.note} onChange={(e) => onChange({ ...draft, note: e.target.value })} placeholder={t('buyerOrders.reasons.notePlaceholder')} data-testid="reason-note" />
      </label>
      {withEmail && (
        <label className={css.field}>
          <span className={css.label}>{t('buyerOrders.reasons.email')}</span>
          <input className={css.input} type="email" autoComplete="email" value={draft.email} onChange={(e) => onChange({ ...draft, email: e.target.value })} data-testid="reason-email" />
          <small className={muted}>
            {t('buyerOrders.reasons.emailHint')}
          </small>
        </label>
      )}
    </>
  );
}
