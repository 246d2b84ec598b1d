import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { editProduct, getMyProduct, publishProduct, type UploadedImage } from '../../src/api/catalogue';
import type { ApiFailure } from '../../src/api/client';
import { getCategories, getWordAddress, type Category } from '../../src/api/reference';
import { useGate } from '../../src/app/gateContext';
import { go, useScreenQuery } from '../../src/app/navigation';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { showToast } from '../../src/app/toasts';
import { useResource } from '../../src/app/useResource';
import { useSubmit } from '../../src/app/useSubmit';
import { Defaults, Limits } from '../../src/domain/constants';
import {
  countWords,
  draftIssues,
  emptyProductInput,
  issuesByField,
  productConditions,
  publishIssues,
  shippingMethods,
  visibleRanges,
  type ProductInput,
} from '../../src/domain/schemas/catalogue';
import type { OwnProduct, OwnProductDetail } from '../../src/domain/types/catalogue';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen, skeleton } from '../../src/theme/ui.css';
import * as css from './seller.css';
import { UploadTiles } from '../../src/app/UploadTiles';
import { useUploadQueue } from '../../src/app/uploadQueue';

function Field({ id, label, error, children, hint }: { id: string; label: string; error?: string; children: React.ReactNode; hint?: string }) {
  const t = useT();
  return (
    <div className={css.field}>
      <label htmlFor={id} className={css.label}>
        {label}
      </label>
      {children}
      {hint ? <p className={css.hint}>{hint}</p> : null}
      {error ? (
        <p className={css.error} id={`${id}-error`} data-testid={`error-${id}`} role="alert">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

function Choices<V extends string | boolean>({ id, options, value, onChange, label }: { id: string; options: readonly V[]; value: V | null; onChange: (v: V) => void; label: (v: V) => string }) {
  return (
    <div className={css.choices} role="radiogroup" id={id}>
      {options.map((o) => (
        <button key={String(o)} type="button" role="radio" aria-checked={value === o} className={`${css.choice} ${value === o ? css.choiceOn : ''}`} onClick={() => onChange(o)} data-testid={`${id}-${String(o)}`}>
          {label(o)}
        </button>
      ))}
    </div>
  );
}

function ProductForm({ initial, productId, sellerCountryId, initialImages }: { initial: ProductInput; productId: string | null; sellerCountryId: number; initialImages: UploadedImage[] }) {
  const t = useT();
  const [values, setValues] = useState<ProductInput>(initial);
  const uploads = useUploadQueue({ initial: initialImages, onRepeated: () => showToast(t('messages.doNotUploadRepeatedly'), 'error') });
  const [tried, setTried] = useState<'draft' | 'submit' | null>(null);
  const [serverIssue, setServerIssue] = useState<{ field: string; message: string } | null>(null);
  const categories = useResource<Category[]>(getCategories);
  const countries = useResource(() => getWordAddress(1));

  const images = uploads.images.map((image) => image.id);
  const current: ProductInput = { ...values, images };
  const context = { sellerCountryId };
  const issues = issuesByField(tried === 'submit' ? publishIssues(current, context) : tried === 'draft' ? draftIssues(current) : []);
  if (serverIssue && !(serverIssue.field in issues)) issues[serverIssue.field] = serverIssue.message;
  const set = <K extends keyof ProductInput>(key: K, value: ProductInput[K]) => {
    setServerIssue(null);
    setValues((v) => ({ ...v, [key]: value }));
  };

  const send = useSubmit(
    async ({ input, submit }: { input: ProductInput; submit: boolean }) => {
      try {
        return productId ? await editProduct(productId, input, submit) : await publishProduct(input, submit);
      } catch (error) {
        const failure = error as ApiFailure;
        const object = failure.object as { field?: string; message?: string } | null;
        if (object?.field && object.message) setServerIssue({ field: object.field, message: object.message });
        showToast(failure.message && failure.message !== 'network' ? failure.message : t('messages.submissionFailed'), 'error');
        throw error;
      }
    },
    ({ input, submit }) => (submit ? publishIssues(input, context) : draftIssues(input))[0]?.message ?? null,
    (result: OwnProduct) => {
      showToast(result.status === 'draft' ? t('catalogue.publish.saved') : t('catalogue.publish.submitted'), 'success');
      go('/mine/seller/products');
    },
  );
  const attempt = (submit: boolean) => {
    setTried(submit ? 'submit' : 'draft');
    const problems = submit ? publishIssues(current, context) : draftIssues(current);
    if (problems.length) showToast(t(problems[0]?.message ?? 'catalogue.publish.fixErrors'), 'error');
    send.submit({ input: current, submit });
  };

  const invalid = (field: string) => (issues[field] ? css.invalid : '');
  const countryList = countries.data?.list ?? [];
  const toggleCountry = (id: number) => set('saleCountries', values.saleCountries.includes(id) ? values.saleCountries.filter((c) => c !== id) : [...values.saleCountries, id]);

  return (
    <form
      className={css.form}
      noValidate
      data-testid="publish-form"
      onSubmit={(e) => {
        e.preventDefault();
        attempt(true);
      }}
    >
      <section className={card}>
        <Field id="images" label={t('catalogue.publish.images')} error={issues.images} hint={t('catalogue.publish.imagesHint')}>
          <UploadTiles
            queue={uploads}
            max={Limits.productImagesMax}
            addLabel={t('catalogue.publish.addImages')}
            testIds={{ tile: 'upload-thumb', input: 'image-input', add: 'image-add' }}
            inputId="images"
            layout="grid"
            reorder
            onTooMany={() => showToast(t('messages.uploadAtMostTen'), 'error')}
          />
        </Field>
      </section>
      <section className={card} style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <Field id="title" label={t('catalogue.publish.titleLabel')} error={issues.title}>
          <input id="title" className={`${css.input} ${invalid('title')}`} value={values.title} maxLength={120} onChange={(e) => set('title', e.target.value)} aria-invalid={!!issues.title} />
        </Field>
        <Field id="description" label={t('catalogue.publish.descriptionLabel')} error={issues.description} hint={t('catalogue.publish.wordCount', { count: countWords(values.description) })}>
          <textarea id="description" className={`${css.textarea} ${invalid('description')}`} value={values.description} maxLength={5000} onChange={(e) => set('description', e.target.value)} aria-invalid={!!issues.description} />
        </Field>
        <Field id="categoryId" label={t('catalogue.publish.category')} error={issues.categoryId}>
          <select id="categoryId" className={`${css.input} ${invalid('categoryId')}`} value={values.categoryId ?? ''} onChange={(e) => set('categoryId', e.target.value ? Number(e.target.value) : null)}>
            <option value="">{t('catalogue.publish.choose')}</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {t(`categories.${c.key}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field id="condition" label={t('catalogue.publish.type')} error={issues.condition}>
          <Choices id="condition" options={productConditions} value={values.condition} onChange={(v) => set('condition', v)} label={(v) => t(`catalogue.condition.${v}`)} />
        </Field>
      </section>
      <section className={card} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        <span className={css.label}>{t('catalogue.publish.attributes')}</span>
        {issues.skus ? <p className={css.error} role="alert">{t(issues.skus)}</p> : null}
        {values.skus.map((sku, i) => {
          const update = (patch: Partial<typeof sku>) => set('skus', values.skus.map((s, j) => (j === i ? { ...s, ...patch } : s)));
          const err = issues[`skus.${i}.specification`] ?? issues[`skus.${i}.colour`] ?? issues[`skus.${i}.stock`];
          return (
            <div key={i}>
              <div className={css.skuRow}>
                <input className={`${css.input} ${invalid(`skus.${i}.specification`)}`} aria-label={`${t('catalogue.publish.specification')} ${i + 1}`} placeholder={t('catalogue.publish.specification')} value={sku.specification} maxLength={60} onChange={(e) => update({ specification: e.target.value })} data-testid={`sku-spec-${i}`} />
                <input className={`${css.input} ${invalid(`skus.${i}.colour`)}`} aria-label={`${t('catalogue.publish.colour')} ${i + 1}`} placeholder={t('catalogue.publish.colour')} value={sku.colour} maxLength={60} onChange={(e) => update({ colour: e.target.value })} data-testid={`sku-colour-${i}`} />
                <input className={`${css.input} ${invalid(`skus.${i}.stock`)}`} aria-label={`${t('catalogue.publish.stock')} ${i + 1}`} placeholder={t('catalogue.publish.stock')} inputMode="numeric" value={sku.stock} maxLength={9} onChange={(e) => update({ stock: e.target.value })} data-testid={`sku-stock-${i}`} />
                <button type="button" className={button({ tone: 'ghost' })} aria-label={`${t('catalogue.publish.removeRow')} ${i + 1}`} onClick={() => set('skus', values.skus.filter((_, j) => j !== i))}>
                  ×
                </button>
              </div>
              {err ? <p className={css.error} role="alert" data-testid={`error-sku-${i}`}>{t(err)}</p> : null}
            </div>
          );
        })}
        <button type="button" className={button({ tone: 'secondary' })} onClick={() => set('skus', [...values.skus, { specification: '', colour: '', stock: '' }])}>
          ＋ {t('catalogue.publish.addRow')}
        </button>
      </section>
      <section className={card} style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <Field id="price" label={t('catalogue.publish.price')} error={issues.price}>
          <input id="price" className={`${css.input} ${invalid('price')}`} inputMode="decimal" value={values.price} maxLength={40} onChange={(e) => set('price', e.target.value)} />
        </Field>
        <Field id="shippingMethod" label={t('catalogue.publish.shippingMethod')} error={issues.shippingMethod}>
          <Choices id="shippingMethod" options={shippingMethods} value={values.shippingMethod} onChange={(v) => set('shippingMethod', v)} label={(v) => t(`catalogue.shippingMethod.${v}`)} />
        </Field>
        <Field id="shippingFee" label={t('catalogue.publish.shippingFee')} error={issues.shippingFee}>
          <input id="shippingFee" className={`${css.input} ${invalid('shippingFee')}`} inputMode="decimal" value={values.shippingFee} maxLength={40} onChange={(e) => set('shippingFee', e.target.value)} />
        </Field>
        <Field id="shippingPlace" label={t('catalogue.publish.shippingPlace')} error={issues.shippingPlace}>
          <input id="shippingPlace" className={`${css.input} ${invalid('shippingPlace')}`} value={values.shippingPlace} maxLength={120} onChange={(e) => set('shippingPlace', e.target.value)} />
        </Field>
        <Field id="visibleRange" label={t('catalogue.publish.visibleRange')} error={issues.visibleRange}>
          <Choices id="visibleRange" options={visibleRanges} value={values.visibleRange} onChange={(v) => set('visibleRange', v)} label={(v) => t(`catalogue.visibleRange.${v}`)} />
        </Field>
        <Field id="globalBarter" label={t('catalogue.publish.globalBarter')} error={issues.globalBarter}>
          <Choices id="globalBarter" options={[true, false] as const} value={values.globalBarter} onChange={(v) => set('globalBarter', v)} label={(v) => (v ? t('catalogue.publish.yes') : t('catalogue.publish.no'))} />
        </Field>
        <Field id="saleCountries" label={t('catalogue.publish.saleCountries')} error={issues.saleCountries}>
          <div className={css.choices} role="group" id="saleCountries">
            {[{ id: Defaults.countryId, name: t('catalogue.publish.global') }, ...countryList].map((c) => (
              <button key={c.id} type="button" aria-pressed={values.saleCountries.includes(c.id)} className={`${css.choice} ${values.saleCountries.includes(c.id) ? css.choiceOn : ''}`} onClick={() => toggleCountry(c.id)} data-testid={`country-${c.id}`}>
                {c.name}
              </button>
            ))}
          </div>
        </Field>
        <Field id="contactEmail" label={t('catalogue.publish.contactEmail')} error={issues.contactEmail}>
          <input id="contactEmail" type="email" className={`${css.input} ${invalid('contactEmail')}`} value={values.contactEmail} maxLength={254} onChange={(e) => set('contactEmail', e.target.value)} />
        </Field>
      </section>
      <div className={css.actions}>
        <button type="button" className={button({ tone: 'secondary' })} disabled={send.submitting} onClick={() => attempt(false)} data-testid="save-draft">
          {t('catalogue.publish.saveDraft')}
        </button>
        <button type="submit" className={button({})} disabled={send.submitting || uploads.busy} data-testid="submit-product">
          {t('catalogue.publish.submit')}
        </button>
      </div>
    </form>
  );
}

function Edit({ id, sellerCountryId }: { id: string; sellerCountryId: number }) {
  const t = useT();
  const loader = useMemo(() => () => getMyProduct(id), [id]);
  const { state, data } = useResource<OwnProductDetail>(loader);
  if (state === 'loading') return <div className={skeleton} style={{ height: 240 }} />;
  if (!data) return <p className={muted}>{t('catalogue.detail.notFound')}</p>;
  return (
    <>
      {data.reason ? <p className={css.reason} data-testid="review-reason">{t(data.status === 'frozen' ? 'catalogue.publish.frozenReason' : 'catalogue.publish.reviewReason', { reason: data.reason })}</p> : null}
      <ProductForm initial={data.input} productId={id} sellerCountryId={sellerCountryId} initialImages={data.images} />
    </>
  );
}

/** The publish tab (/publish, /publish?id=… to edit): only approved sellers; everyone else is shown the way to apply. */
export default function PublishScreen() {
  const t = useT();
  const id = useScreenQuery().get('id');
  const gate = useGate();
  const user = useSelector(gate, (s) => s.context.userInfo);
  const isSeller = user?.roles.includes('seller') ?? false;
  return (
    <>
      {id ? <ScreenHeader title={t('catalogue.publish.editTitle')} backTo="/mine/seller/products" /> : null}
      <div className={screen}>
        {!id ? (
          <div className={css.actions} style={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <h1 style={{ margin: 0, fontSize: 20 }}>{t('catalogue.publish.newProduct')}</h1>
            {isSeller ? (
              <button type="button" className={button({ tone: 'secondary' })} onClick={() => go('/mine/seller/products')} data-testid="my-products">
                {t('catalogue.publish.myProducts')}
              </button>
            ) : null}
          </div>
        ) : null}
        {!user ? null : !isSeller ? (
          <section className={card}>
            <p className={muted} data-testid="not-seller">{t('catalogue.publish.notSeller')}</p>
            <button type="button" className={button({})} style={{ marginTop: 12 }} onClick={() => go('/mine/seller/authentication')}>
              {t('catalogue.publish.becomeSeller')}
            </button>
          </section>
        ) : id ? (
          <Edit id={id} sellerCountryId={user.countryId} />
        ) : (
          <ProductForm initial={{ ...emptyProductInput(), contactEmail: user.email ?? '' }} productId={null} sellerCountryId={user.countryId} initialImages={[]} />
        )}
      </div>
    </>
  );
}
