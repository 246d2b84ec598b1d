import { Checkbox } from '../../src/app/FormControls';
import { useId, useState } from 'react';
import { useScreenQuery } from '../../src/app/navigation';
import { returnFromDetour } from '../../src/app/returnTo';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { useSubmit } from '../../src/app/useSubmit';
import { addAddress, addressDetail, editAddress } from '../../src/api/cart';
import { getWordAddress } from '../../src/api/reference';
import { addressInput, type AddressInput } from '../../src/domain/schemas/commerce';
import type { AddressView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { button, screen, skeleton } from '../../src/theme/ui.css';
import * as css from './address.css';

/** One level of the country and address word lists (SPEC 7 getWordAddress), as a select. */
function RegionSelect(props: { level: number; parentId?: number; value: number | null; onChange: (id: number | null) => void; label: string; testId: string; required?: boolean }) {
  const t = useT();
  const { data } = useResource(() => getWordAddress(props.level, props.parentId));
  const list = data?.list ?? [];
  if (data && list.length === 0 && !props.required) return null;
  return (
    <label className={css.field}>
      <span>{props.label}</span>
      <select className={css.input} value={props.value ?? ''} data-testid={props.testId} onChange={(e) => props.onChange(e.target.value ? Number(e.target.value) : null)}>
        <option value="">{t('address.choose')}</option>
        {list.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
          </option>
        ))}
      </select>
    </label>
  );
}

interface Draft {
  firstName: string;
  lastName: string;
  phone: string;
  countryId: number | null;
  provinceId: number | null;
  cityId: number | null;
  street: string;
  buildingNumber: string;
  detail: string;
  zipCode: string;
  isDefault: boolean;
}

const emptyDraft: Draft = { firstName: '', lastName: '', phone: '', countryId: null, provinceId: null, cityId: null, street: '', buildingNumber: '', detail: '', zipCode: '', isDefault: false };

function toInput(d: Draft): Record<string, unknown> {
  return { ...d, countryId: d.countryId ?? 0, provinceId: d.provinceId, cityId: d.cityId };
}

type Problems = Partial<Record<keyof Draft, string>>;

/** Every problem of the draft at once, one locale key per field (issue 33, finding 9: only the first was shown, away from its field). */
function problemsOf(d: Draft): Problems {
  const r = addressInput.safeParse(toInput(d));
  const out: Problems = {};
  if (r.success) return out;
  for (const issue of r.error.issues) {
    const field = String(issue.path[0] ?? 'detail') as keyof Draft;
    out[field] ??= `address.problems.${field}`;
  }
  return out;
}

function AddressForm({ initial, id }: { initial: Draft; id: string | null }) {
  const t = useT();
  const formId = useId();
  const query = useScreenQuery();
  const [draft, setDraft] = useState<Draft>(initial);
  // Once a save was tried, each field shows its problem beside it and loses it as soon as it is fixed.
  const [tried, setTried] = useState(false);
  const problems = tried ? problemsOf(draft) : {};
  const fieldProblem = (key: keyof Draft) => {
    const problem = problems[key];
    return problem ? (
      <span id={`${formId}-${key}-problem`} className={css.problem} data-testid={`address-${key}-problem`}>
        {t(problem)}
      </span>
    ) : null;
  };
  const invalid = (key: keyof Draft) => (problems[key] ? { 'aria-invalid': true, 'aria-describedby': `${formId}-${key}-problem` } : {});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const form = useSubmit(
    (values: Record<string, unknown>) => (id ? editAddress({ ...(values as AddressInput), id }) : addAddress(values as AddressInput)),
    (values) => {
      const r = addressInput.safeParse(values);
      if (r.success) return null;
      const field = String(r.error.issues[0]?.path[0] ?? 'detail');
      return `address.problems.${field}`;
    },
    // Back to the page that sent the person here (the checkout, with Buy now's goods: issue 33), else the list.
    () => returnFromDetour(query, '/mine/address/list'),
  );
  const text = (key: 'firstName' | 'lastName' | 'phone' | 'street' | 'buildingNumber' | 'detail' | 'zipCode', type = 'text') => (
    <label className={css.field}>
      <span>{t(`address.fields.${key}`)}</span>
      {key === 'detail' ? (
        <textarea className={`${css.input} ${css.textarea}`} rows={3} maxLength={300} value={draft[key]} data-testid={`address-${key}`} onChange={(e) => set(key, e.target.value)} {...invalid(key)} />
      ) : (
        <input className={css.input} type={type} value={draft[key]} data-testid={`address-${key}`} onChange={(e) => set(key, e.target.value)} {...invalid(key)} />
      )}
      {fieldProblem(key)}
    </label>
  );
  return (
    <form
      className={css.form}
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        form.submit(toInput(draft));
      }}
    >
      <div className={css.pair}>
        {text('firstName')}
        {text('lastName')}
      </div>
      {text('phone', 'tel')}
      <RegionSelect key="country" level={1} value={draft.countryId} label={t('address.fields.region')} testId="address-country" required onChange={(v) => setDraft((d) => ({ ...d, countryId: v, provinceId: null, cityId: null }))} />
      {fieldProblem('countryId')}
      {draft.countryId !== null && (
        <RegionSelect key={`p${draft.countryId}`} level={2} parentId={draft.countryId} value={draft.provinceId} label={t('address.fields.province')} testId="address-province" onChange={(v) => setDraft((d) => ({ ...d, provinceId: v, cityId: null }))} />
      )}
      {draft.provinceId !== null && (
        <RegionSelect key={`c${draft.provinceId}`} level={3} parentId={draft.provinceId} value={draft.cityId} label={t('address.fields.city')} testId="address-city" onChange={(v) => set('cityId', v)} />
      )}
      <div className={css.pair}>
        {text('street')}
        {text('buildingNumber')}
      </div>
      {text('detail')}
      {text('zipCode')}
      <label className={css.checkRow}>
        <Checkbox checked={draft.isDefault} onChange={(e) => set('isDefault', e.target.checked)} data-testid="address-default" />
        <span>{t('address.setDefault')}</span>
      </label>
      {/* A refusal that is not about one field (the server's answer) stands above the button. */}
      {form.problem && Object.keys(problems).length === 0 && (
        <p className={css.problem} role="alert" data-testid="address-problem">
          {t(form.problem)}
        </p>
      )}
      <button type="submit" className={button({ block: true })} disabled={form.submitting} data-testid="address-save">
        {t('address.save')}
      </button>
    </form>
  );
}

function fromView(a: AddressView): Draft {
  return { firstName: a.firstName, lastName: a.lastName, phone: a.phone, countryId: a.countryId, provinceId: a.provinceId, cityId: a.cityId, street: a.street, buildingNumber: a.buildingNumber, detail: a.detail, zipCode: a.zipCode, isDefault: a.isDefault };
}

function EditLoader({ id }: { id: string }) {
  const { data } = useResource(() => addressDetail(id));
  if (!data) return <div className={skeleton} style={{ height: 240 }} aria-busy="true" />;
  return <AddressForm initial={fromView(data)} id={id} />;
}

/** /mine/address/add and /mine/address/edit?id=: checked by the shared schema, then saved by the server. */
export default function AddressFormScreen() {
  const t = useT();
  const query = useScreenQuery();
  const id = query.get('id');
  return (
    <>
      <ScreenHeader title={id ? t('address.editTitle') : t('address.addTitle')} />
      <div className={screen}>{id ? <EditLoader key={id} id={id} /> : <AddressForm initial={emptyDraft} id={null} />}</div>
    </>
  );
}
