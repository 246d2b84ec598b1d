import { Time } from '../../src/app/Isolate';
import { useState } from 'react';
import { myKyc, submitKyc } from '../../src/api/kyc';
import { useResource } from '../../src/app/useResource';
import { useSubmit } from '../../src/app/useSubmit';
import { kycDocumentTypes, kycStatusLabelKey, type KycDocumentType } from '../../src/domain/kyc';
import { firstProblem } from '../../src/domain/schemas/accounts';
import { submitKycInput, type SubmitKycInput } from '../../src/domain/schemas/kyc';
import { useT } from '../../src/i18n/react';
import { button, card, muted, skeleton } from '../../src/theme/ui.css';
import * as css from './withdrawal.css';

type Fields = Omit<SubmitKycInput, 'documentType'> & { documentType: KycDocumentType };
const empty: Fields = { fullName: '', birthDate: '', country: '', documentType: 'passport', documentNumber: '' };

/** The person's identity check (issue 27): status, why it was rejected, the details form, the history. */
export function KycSection() {
  const t = useT();
  const { data, reload } = useResource(myKyc);
  const [fields, setFields] = useState<Fields>(empty);
  const act = useSubmit(submitKyc, (v: Fields) => firstProblem(submitKycInput, v)?.key ?? null, () => {
    setFields(empty);
    reload();
  });
  if (!data) return <div className={skeleton} style={{ height: 120 }} aria-busy="true" />;
  const canSubmit = data.status === 'none' || data.status === 'rejected';
  const field = (key: 'fullName' | 'birthDate' | 'country' | 'documentNumber', type = 'text', autoComplete?: string) => (
    <label className={css.field}>
      <span className={css.label}>{t(`kyc.${key}`)}</span>
      <input
        className={css.entry}
        type={type}
        value={fields[key]}
        autoComplete={autoComplete}
        onChange={(e) => setFields({ ...fields, [key]: e.target.value })}
        data-testid={`kyc-${key}`}
      />
    </label>
  );
  return (
    <section className={card} aria-labelledby="kyc-title" data-testid="kyc-section">
      <h2 id="kyc-title" className={css.label} style={{ margin: 0 }}>
        {t('kyc.title')}
      </h2>
      <p className={css.status} data-testid="kyc-status" data-kyc={data.status}>
        {t('withdrawal.kycLabel', { status: t(kycStatusLabelKey(data.status)) })}
      </p>
      {data.status === 'pending' && <p className={muted}>{t('kyc.underReview')}</p>}
      {data.status === 'rejected' && data.rejection && (
        <p className={css.problem} data-testid="kyc-rejection">
          {t('kyc.rejectedBecause', { reason: data.rejection })}
        </p>
      )}
      {data.documentNumberEnd && data.documentType && (
        <p className={muted}>
          {data.fullName} · {t(`kyc.documents.${data.documentType}`)} · {t('kyc.documentEnding', { end: data.documentNumberEnd })}
        </p>
      )}
      {canSubmit && (
        <form
          className={css.form}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            act.submit(fields);
          }}
        >
          <p className={muted}>{t('kyc.how')}</p>
          {field('fullName', 'text', 'name')}
          {field('birthDate', 'date', 'bday')}
          {field('country', 'text', 'country-name')}
          <label className={css.field}>
            <span className={css.label}>{t('kyc.documentType')}</span>
            <select className={css.entry} value={fields.documentType} onChange={(e) => setFields({ ...fields, documentType: e.target.value as KycDocumentType })} data-testid="kyc-documentType">
              {kycDocumentTypes.map((d) => (
                <option key={d} value={d}>
                  {t(`kyc.documents.${d}`)}
                </option>
              ))}
            </select>
          </label>
          {field('documentNumber')}
          {act.problem && (
            <p role="alert" className={css.problem} data-testid="kyc-problem">
              {t(act.problem)}
            </p>
          )}
          <button type="submit" className={button({ block: true })} disabled={act.submitting} data-testid="kyc-submit">
            {t(data.status === 'rejected' ? 'kyc.resubmit' : 'kyc.submit')}
          </button>
        </form>
      )}
      {data.history.length > 0 && (
        <details>
          <summary>{t('kyc.history')}</summary>
          <ul className={css.list}>
            {data.history.map((h) => (
              <li key={`${h.at}-${h.event}`} className={muted}>
                {t(`kyc.events.${h.event}`)} · <Time iso={h.at} />
                {h.note ? ` · ${h.note}` : ''}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
