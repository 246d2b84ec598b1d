import { useEffect, useMemo, useRef, useState } from 'react';
import { editProduct, getMyProduct, getMyProducts, publishProduct, type UploadedImage } from '../../src/api/catalogue';
import type { ApiFailure } from '../../src/api/client';
import { clearListingDraft, saveListingDraft, suggestCategories } from '../../src/api/listing';
import { getCategories, getWordAddress, type Category } from '../../src/api/reference';
import { Icon } from '../../src/app/Icon';
import { go } from '../../src/app/navigation';
import { showToast } from '../../src/app/toasts';
import { useResource } from '../../src/app/useResource';
import { useSubmit } from '../../src/app/useSubmit';
import { useUploadQueue } from '../../src/app/uploadQueue';
import { Defaults, Limits } from '../../src/domain/constants';
import {
  countWords,
  draftIssues,
  issuesByField,
  productConditions,
  publishIssues,
  shippingMethods,
  visibleRanges,
  type ProductInput,
} from '../../src/domain/schemas/catalogue';
import type { CategorySuggestion } from '../../src/domain/schemas/listing';
import type { OwnProduct } from '../../src/domain/types/catalogue';
import { useT } from '../../src/i18n/react';
import { button, card } from '../../src/theme/ui.css';
import { clearDeviceDraft, isWorthKeeping, writeDeviceDraft } from './listingDraft';
import * as lcss from './listing.css';
import { PictureBoard } from './PictureBoard';
import * as css from './seller.css';

function Field({ id, label, error, children, hint }: { id: string; label: string; error?: string | undefined; children: React.ReactNode; hint?: string }) {
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

function Choices<V extends string | boolean>({ id, options, value, onChange, label, labelledBy }: { id: string; options: readonly V[]; value: V | null; onChange: (v: V) => void; label: (v: V) => string; labelledBy?: string }) {
  return (
    <div className={css.choices} role="radiogroup" id={id} aria-labelledby={labelledBy}>
      {options.map((o) => (
        <button key={String(o)} type="button" role="radio" aria-checked={value === o} className={`${css.choice} ${value === o ? css.choiceOn : ''}`} onClick={() => onChange(o)} data-testid={`${id}-${String(o)}`}>
          {label(o)}
        </button>
      ))}
    </div>
  );
}

/** A group of fields shown or folded; it opens by itself when one of its fields has a problem after Publish. */
function Fold({ id, title, summary, open, onToggle, children }: { id: string; title: string; summary: string; open: boolean; onToggle: (open: boolean) => void; children: React.ReactNode }) {
  return (
    <details className={lcss.fold} open={open} onToggle={(e) => onToggle((e.currentTarget as HTMLDetailsElement).open)} data-testid={`fold-${id}`}>
      <summary className={lcss.foldSummary}>
        <span className={lcss.foldTitle}>
          {title}
          <Icon name={open ? 'minus' : 'plus'} size={18} />
        </span>
        <span className={css.hint} data-testid={`fold-${id}-summary`}>
          {summary}
        </span>
      </summary>
      <div className={lcss.foldBody}>{children}</div>
    </details>
  );
}

/** The fields of "Shipping and where you sell", which a seller's last listing can fill in one tap. */
const shippingFields = ['shippingMethod', 'shippingFee', 'shippingPlace', 'visibleRange', 'globalBarter', 'saleCountries', 'contactEmail'] as const;
type ShippingPart = Pick<ProductInput, (typeof shippingFields)[number]>;
const variantFields = ['skus'];
const fieldRoot = (field: string) => field.split('.')[0] ?? field;

export interface ListingFormProps {
  initial: ProductInput;
  productId: string | null;
  sellerCountryId: number;
  initialImages: UploadedImage[];
  /** New listings only: whose draft this is (kept on the device and the server), and whether it was restored. */
  draft?: { sellerId: string; restored: boolean; blank: ProductInput; onStartOver: () => void };
}

/**
 * The listing flow (issue 37, finding 1), for a new listing and for editing one: pictures first, then title (with
 * the categories its words suggest), type, price and stock, the description; shipping and where it sells, and the
 * variants, folded with a one-line summary. Every rule of SPEC 5 is checked as the seller types, in SPEC's words,
 * under the field the seller touched (all of them after Publish). Publish is in a bar that stays at the bottom.
 */
export function ListingForm({ initial, productId, sellerCountryId, initialImages, draft }: ListingFormProps) {
  const t = useT();
  const [values, setValues] = useState<ProductInput>(initial);
  const uploads = useUploadQueue({ initial: initialImages, onRepeated: () => showToast(t('messages.doNotUploadRepeatedly'), 'error') });
  const [tried, setTried] = useState<'draft' | 'submit' | null>(null);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [serverIssue, setServerIssue] = useState<{ field: string; message: string } | null>(null);
  const categories = useResource<Category[]>(getCategories);
  const countries = useResource(() => getWordAddress(1));
  const [suggested, setSuggested] = useState<CategorySuggestion[]>([]);
  const [last, setLast] = useState<{ title: string; part: ShippingPart } | null>(null);
  const [restoredNotice, setRestoredNotice] = useState(draft?.restored ?? false);
  const hasShipping = shippingFields.some((f) => JSON.stringify(initial[f]) !== JSON.stringify(draft?.blank[f] ?? null)) || productId !== null;
  const [openShipping, setOpenShipping] = useState(false);
  const [openVariants, setOpenVariants] = useState(initial.skus.length > 1);

  const images = uploads.images.map((image) => image.id);
  const current: ProductInput = { ...values, images };
  const context = { sellerCountryId };
  const allIssues = publishIssues(current, context);
  const shown = tried === 'submit' ? allIssues : tried === 'draft' ? draftIssues(current) : allIssues.filter((i) => touched.has(fieldRoot(i.field)));
  const issues = issuesByField(shown);
  if (serverIssue && !(serverIssue.field in issues)) issues[serverIssue.field] = serverIssue.message;
  const touch = (field: string) => setTouched((s) => (s.has(field) ? s : new Set([...s, field])));
  const set = <K extends keyof ProductInput>(key: K, value: ProductInput[K]) => {
    setServerIssue(null);
    touch(key);
    setValues((v) => ({ ...v, [key]: value }));
  };
  const simple = values.skus.length === 1;
  const setStock = (stock: string) => {
    touch('skus');
    setServerIssue(null);
    setValues((v) => ({ ...v, skus: v.skus.map((s, i) => (i === 0 ? { ...s, stock } : s)) }));
  };

  // Pictures count as touched once the seller has added one.
  useEffect(() => {
    if (uploads.items.length > 0) touch('images');
  }, [uploads.items.length]);

  // The categories the title's words suggest, once the seller pauses typing.
  useEffect(() => {
    const title = values.title.trim();
    if (title.length < 2) {
      setSuggested([]);
      return;
    }
    let live = true;
    const timer = window.setTimeout(() => {
      suggestCategories(title)
        .then((list) => live && setSuggested(list))
        .catch(() => live && setSuggested([]));
    }, 350);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [values.title]);

  // A new listing may take its shipping and where it sells from the seller's last listing.
  useEffect(() => {
    if (productId !== null) return;
    let live = true;
    void (async () => {
      try {
        const mine = await getMyProducts();
        const latest = mine[0];
        if (!latest) return;
        const detail = await getMyProduct(latest.id);
        const part = Object.fromEntries(shippingFields.map((f) => [f, detail.input[f]])) as ShippingPart;
        if (live) setLast({ title: detail.title, part });
      } catch {
        // Without it the seller fills the fields in.
      }
    })();
    return () => {
      live = false;
    };
  }, [productId]);

  // The draft: on the device at every change, on the server a moment after the seller stops (and on leaving).
  const pending = useRef<ProductInput | null>(null);
  const sellerId = draft?.sellerId ?? null;
  const flush = () => {
    const product = pending.current;
    pending.current = null;
    if (product) void saveListingDraft(product).catch(() => undefined);
  };
  const storedImages = uploads.images;
  const draftKey = JSON.stringify(current);
  useEffect(() => {
    if (!sellerId || !draft) return;
    if (!isWorthKeeping(current, draft.blank)) return;
    writeDeviceDraft(sellerId, { product: current, images: storedImages, savedAt: new Date().toISOString() });
    pending.current = current;
    const timer = window.setTimeout(flush, 1200);
    return () => window.clearTimeout(timer);
  }, [draftKey, sellerId]);
  useEffect(() => {
    if (!sellerId) return;
    const hidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [sellerId]);

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
      if (sellerId) {
        pending.current = null;
        clearDeviceDraft(sellerId);
        void clearListingDraft().catch(() => undefined);
      }
      showToast(result.status === 'draft' ? t('catalogue.publish.saved') : t('catalogue.publish.submitted'), 'success');
      go('/mine/seller/products');
    },
  );
  const attempt = (submit: boolean) => {
    setTried(submit ? 'submit' : 'draft');
    const problems = submit ? publishIssues(current, context) : draftIssues(current);
    if (problems.some((p) => (shippingFields as readonly string[]).includes(fieldRoot(p.field)))) setOpenShipping(true);
    if (problems.some((p) => variantFields.includes(fieldRoot(p.field)) && !(simple && p.field === 'skus.0.stock'))) setOpenVariants(true);
    if (problems.length) showToast(t(problems[0]?.message ?? 'catalogue.publish.fixErrors'), 'error');
    send.submit({ input: current, submit });
  };

  const invalid = (field: string) => (issues[field] ? css.invalid : '');
  const countryList = countries.data?.list ?? [];
  const toggleCountry = (id: number) => set('saleCountries', values.saleCountries.includes(id) ? values.saleCountries.filter((c) => c !== id) : [...values.saleCountries, id]);
  const categoryName = (key: string) => t(`categories.${key}`);
  const chosenCategory = (categories.data ?? []).find((c) => c.id === values.categoryId);

  const useLast = () => {
    if (!last) return;
    setValues((v) => ({ ...v, ...last.part }));
    setTouched((s) => new Set([...s, ...shippingFields]));
  };
  const sameAsLast = last !== null && shippingFields.every((f) => JSON.stringify(values[f]) === JSON.stringify(last.part[f]));

  const describe = () => {
    const parts: string[] = [];
    const title = values.title.trim();
    parts.push(
      t('listing.describe.intro', {
        title,
        condition: values.condition ? t(`catalogue.condition.${values.condition}`) : t('listing.describe.asPictured'),
        category: chosenCategory ? categoryName(chosenCategory.key) : t('listing.describe.ourShop'),
      }),
    );
    const stock = simple ? values.skus[0]?.stock.trim() : '';
    if (stock && values.price.trim()) parts.push(t('listing.describe.stock', { count: Number(stock), price: values.price.trim() }));
    parts.push(t('listing.describe.photos'));
    if (values.shippingPlace.trim() && values.shippingMethod)
      parts.push(
        t('listing.describe.ships', {
          place: values.shippingPlace.trim(),
          shipping: values.shippingMethod === 'free' ? t('listing.describe.free') : t('listing.describe.fee', { fee: values.shippingFee.trim() || '0' }),
        }),
      );
    parts.push(t('listing.describe.outro'));
    set('description', parts.join(' '));
  };

  const shippingSummary = useMemo(() => {
    const bits: string[] = [];
    if (values.shippingMethod) bits.push(values.shippingMethod === 'free' ? t('catalogue.shippingMethod.free') : `${t('catalogue.shippingMethod.collect')} ${values.shippingFee} π`);
    if (values.shippingPlace.trim()) bits.push(values.shippingPlace.trim());
    if (values.visibleRange) bits.push(t(`catalogue.visibleRange.${values.visibleRange}`));
    if (values.saleCountries.length) bits.push(t('listing.shipping.countries', { count: values.saleCountries.length }));
    return bits.length ? bits.join(' · ') : t('listing.fold.toFill');
  }, [values, t]);
  const variantSummary = simple
    ? t('listing.variants.simple', { specification: values.skus[0]?.specification || '—', colour: values.skus[0]?.colour || '—' })
    : t('listing.variants.count', { count: values.skus.length });

  const left = allIssues.length;

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
      {restoredNotice && draft ? (
        <div className={lcss.notice} role="status" data-testid="draft-restored">
          <span>{t('listing.draft.restored')}</span>
          <span style={{ display: 'flex', gap: 8 }}>
            <button type="button" className={button({ tone: 'ghost' })} onClick={() => setRestoredNotice(false)}>
              {t('listing.draft.keep')}
            </button>
            <button
              type="button"
              className={button({ tone: 'secondary' })}
              data-testid="draft-start-over"
              onClick={() => {
                pending.current = null;
                clearDeviceDraft(draft.sellerId);
                void clearListingDraft().catch(() => undefined);
                draft.onStartOver();
              }}
            >
              {t('listing.draft.startOver')}
            </button>
          </span>
        </div>
      ) : null}

      <section className={card} aria-labelledby="pictures-heading" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        <h2 id="pictures-heading" className={css.label} style={{ margin: 0, fontSize: 16 }}>
          {t('listing.pictures.heading')}
        </h2>
        <p className={css.hint} id="pictures-hint">
          {t('listing.pictures.hint')}
        </p>
        <PictureBoard queue={uploads} max={Limits.productImagesMax} onTooMany={() => showToast(t('messages.uploadAtMostTen'), 'error')} describedBy="pictures-hint" />
        {issues.images ? (
          <p className={css.error} data-testid="error-images" role="alert">
            {t(issues.images)}
          </p>
        ) : null}
      </section>

      <section className={card} style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <Field id="title" label={t('catalogue.publish.titleLabel')} error={issues.title}>
          <input id="title" className={`${css.input} ${invalid('title')}`} value={values.title} maxLength={120} onChange={(e) => set('title', e.target.value)} aria-invalid={!!issues.title} autoComplete="off" dir="auto" />
        </Field>
        <div className={css.field}>
          {suggested.length > 0 ? (
            <div className={lcss.suggestions} role="group" aria-labelledby="suggested-heading" data-testid="category-suggestions">
              <span id="suggested-heading" className={css.hint}>
                {t('listing.category.suggested')}
              </span>
              {suggested.map((s) => (
                <button
                  key={s.id}
                  type="button"
                  aria-pressed={values.categoryId === s.id}
                  className={`${css.choice} ${values.categoryId === s.id ? css.choiceOn : ''}`}
                  onClick={() => set('categoryId', s.id)}
                  data-testid="category-suggestion"
                  data-key={s.key}
                >
                  {values.categoryId === s.id ? <Icon name="check" size={16} /> : null}
                  {categoryName(s.key)}
                </button>
              ))}
            </div>
          ) : null}
          <Field id="categoryId" label={t('catalogue.publish.category')} error={issues.categoryId}>
            <select id="categoryId" className={`${css.input} ${invalid('categoryId')}`} value={values.categoryId ?? ''} onChange={(e) => set('categoryId', e.target.value ? Number(e.target.value) : null)}>
              <option value="">{t('catalogue.publish.choose')}</option>
              {(categories.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {categoryName(c.key)}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div className={css.field}>
          <span className={css.label} id="condition-label">
            {t('catalogue.publish.type')}
          </span>
          <Choices id="condition" labelledBy="condition-label" options={productConditions} value={values.condition} onChange={(v) => set('condition', v)} label={(v) => t(`catalogue.condition.${v}`)} />
          {issues.condition ? (
            <p className={css.error} data-testid="error-condition" role="alert">
              {t(issues.condition)}
            </p>
          ) : null}
        </div>
        <div className={lcss.pair}>
          <Field id="price" label={t('catalogue.publish.price')} error={issues.price}>
            <input id="price" className={`${css.input} ${invalid('price')}`} inputMode="decimal" value={values.price} maxLength={40} onChange={(e) => set('price', e.target.value)} aria-invalid={!!issues.price} />
          </Field>
          {simple ? (
            <Field id="stock" label={t('catalogue.publish.stock')} error={issues['skus.0.stock']}>
              <input id="stock" className={`${css.input} ${invalid('skus.0.stock')}`} inputMode="numeric" value={values.skus[0]?.stock ?? ''} maxLength={9} onChange={(e) => setStock(e.target.value)} aria-invalid={!!issues['skus.0.stock']} />
            </Field>
          ) : (
            <div className={css.field}>
              <span className={css.label}>{t('catalogue.publish.stock')}</span>
              <p className={css.hint}>{t('listing.variants.stockPerRow')}</p>
            </div>
          )}
        </div>
        <Field id="description" label={t('catalogue.publish.descriptionLabel')} error={issues.description} hint={t('catalogue.publish.wordCount', { count: countWords(values.description) })}>
          <textarea id="description" className={`${css.textarea} ${invalid('description')}`} value={values.description} maxLength={5000} onChange={(e) => set('description', e.target.value)} aria-invalid={!!issues.description} dir="auto" />
        </Field>
        <button type="button" className={button({ tone: 'secondary' })} onClick={describe} disabled={!values.title.trim()} data-testid="describe-from-details">
          <Icon name="edit" size={16} /> {t('listing.describe.button')}
        </button>
      </section>

      {last && !sameAsLast ? (
        <div className={lcss.notice} data-testid="same-as-last-offer">
          <span className={css.hint} style={{ color: 'inherit' }}>
            {t('listing.shipping.lastListing', { title: last.title })}
          </span>
          <button type="button" className={button({ tone: 'secondary' })} onClick={useLast} data-testid="same-as-last">
            {t('listing.shipping.useLast')}
          </button>
        </div>
      ) : null}
      <Fold id="shipping" title={t('listing.fold.shipping')} summary={shippingSummary} open={openShipping || (!hasShipping && !last && tried !== null)} onToggle={setOpenShipping}>
        <div className={css.field}>
          <span className={css.label} id="shippingMethod-label">
            {t('catalogue.publish.shippingMethod')}
          </span>
          <Choices id="shippingMethod" labelledBy="shippingMethod-label" options={shippingMethods} value={values.shippingMethod} onChange={(v) => set('shippingMethod', v)} label={(v) => t(`catalogue.shippingMethod.${v}`)} />
          {issues.shippingMethod ? (
            <p className={css.error} data-testid="error-shippingMethod" role="alert">
              {t(issues.shippingMethod)}
            </p>
          ) : null}
        </div>
        <Field id="shippingFee" label={t('catalogue.publish.shippingFee')} error={issues.shippingFee}>
          <input id="shippingFee" className={`${css.input} ${invalid('shippingFee')}`} inputMode="decimal" value={values.shippingFee} maxLength={40} onChange={(e) => set('shippingFee', e.target.value)} />
        </Field>
        <Field id="shippingPlace" label={t('catalogue.publish.shippingPlace')} error={issues.shippingPlace}>
          <input id="shippingPlace" className={`${css.input} ${invalid('shippingPlace')}`} value={values.shippingPlace} maxLength={120} onChange={(e) => set('shippingPlace', e.target.value)} />
        </Field>
        <div className={css.field}>
          <span className={css.label} id="visibleRange-label">
            {t('catalogue.publish.visibleRange')}
          </span>
          <Choices id="visibleRange" labelledBy="visibleRange-label" options={visibleRanges} value={values.visibleRange} onChange={(v) => set('visibleRange', v)} label={(v) => t(`catalogue.visibleRange.${v}`)} />
          {issues.visibleRange ? (
            <p className={css.error} data-testid="error-visibleRange" role="alert">
              {t(issues.visibleRange)}
            </p>
          ) : null}
        </div>
        <div className={css.field}>
          <span className={css.label} id="globalBarter-label">
            {t('catalogue.publish.globalBarter')}
          </span>
          <Choices
            id="globalBarter"
            labelledBy="globalBarter-label"
            options={[true, false] as const}
            value={values.globalBarter}
            onChange={(v) => set('globalBarter', v)}
            label={(v) => (v ? t('catalogue.publish.yes') : t('catalogue.publish.no'))}
          />
          {issues.globalBarter ? (
            <p className={css.error} data-testid="error-globalBarter" role="alert">
              {t(issues.globalBarter)}
            </p>
          ) : null}
        </div>
        <div className={css.field}>
          <span className={css.label} id="saleCountries-label">
            {t('catalogue.publish.saleCountries')}
          </span>
          <div className={css.choices} role="group" id="saleCountries" aria-labelledby="saleCountries-label">
            {[{ id: Defaults.countryId, name: t('catalogue.publish.global') }, ...countryList].map((c) => (
              <button
                key={c.id}
                type="button"
                aria-pressed={values.saleCountries.includes(c.id)}
                className={`${css.choice} ${values.saleCountries.includes(c.id) ? css.choiceOn : ''}`}
                onClick={() => toggleCountry(c.id)}
                data-testid={`country-${c.id}`}
              >
                {c.name}
              </button>
            ))}
          </div>
          {issues.saleCountries ? (
            <p className={css.error} data-testid="error-saleCountries" role="alert">
              {t(issues.saleCountries)}
            </p>
          ) : null}
        </div>
        <Field id="contactEmail" label={t('catalogue.publish.contactEmail')} error={issues.contactEmail}>
          <input id="contactEmail" type="email" className={`${css.input} ${invalid('contactEmail')}`} value={values.contactEmail} maxLength={254} onChange={(e) => set('contactEmail', e.target.value)} />
        </Field>
      </Fold>

      <Fold id="variants" title={t('listing.fold.variants')} summary={variantSummary} open={openVariants} onToggle={setOpenVariants}>
        {issues.skus ? (
          <p className={css.error} role="alert">
            {t(issues.skus)}
          </p>
        ) : null}
        {values.skus.map((sku, i) => {
          const update = (patch: Partial<typeof sku>) => set('skus', values.skus.map((s, j) => (j === i ? { ...s, ...patch } : s)));
          const err = issues[`skus.${i}.specification`] ?? issues[`skus.${i}.colour`] ?? (simple ? undefined : issues[`skus.${i}.stock`]);
          return (
            <div key={i}>
              <div className={css.skuRow} style={simple ? { gridTemplateColumns: '1fr 1fr auto' } : undefined}>
                <input
                  className={`${css.input} ${invalid(`skus.${i}.specification`)}`}
                  aria-label={`${t('catalogue.publish.specification')} ${i + 1}`}
                  placeholder={t('catalogue.publish.specification')}
                  value={sku.specification}
                  maxLength={60}
                  onChange={(e) => update({ specification: e.target.value })}
                  data-testid={`sku-spec-${i}`}
                />
                <input
                  className={`${css.input} ${invalid(`skus.${i}.colour`)}`}
                  aria-label={`${t('catalogue.publish.colour')} ${i + 1}`}
                  placeholder={t('catalogue.publish.colour')}
                  value={sku.colour}
                  maxLength={60}
                  onChange={(e) => update({ colour: e.target.value })}
                  data-testid={`sku-colour-${i}`}
                />
                {simple ? null : (
                  <input
                    className={`${css.input} ${invalid(`skus.${i}.stock`)}`}
                    aria-label={`${t('catalogue.publish.stock')} ${i + 1}`}
                    placeholder={t('catalogue.publish.stock')}
                    inputMode="numeric"
                    value={sku.stock}
                    maxLength={9}
                    onChange={(e) => update({ stock: e.target.value })}
                    data-testid={`sku-stock-${i}`}
                  />
                )}
                <button type="button" className={button({ tone: 'ghost' })} aria-label={`${t('catalogue.publish.removeRow')} ${i + 1}`} onClick={() => set('skus', values.skus.filter((_, j) => j !== i))} disabled={simple}>
                  <Icon name="close" size={16} />
                </button>
              </div>
              {err ? (
                <p className={css.error} role="alert" data-testid={`error-sku-${i}`}>
                  {t(err)}
                </p>
              ) : null}
            </div>
          );
        })}
        <button type="button" className={button({ tone: 'secondary' })} onClick={() => set('skus', [...values.skus, { specification: '', colour: '', stock: '' }])} data-testid="add-combination">
          <Icon name="plus" size={16} /> {t('catalogue.publish.addRow')}
        </button>
      </Fold>

      <div className={lcss.bar} data-testid="publish-bar">
        <span className={lcss.barStatus} data-testid="publish-left" aria-live="polite">
          {left === 0 ? t('listing.bar.ready') : t('listing.bar.left', { count: left })}
        </span>
        <button type="button" className={button({ tone: 'secondary' })} disabled={send.submitting} onClick={() => attempt(false)} data-testid="save-draft">
          {t('catalogue.publish.saveDraft')}
        </button>
        <button type="submit" className={button({})} disabled={send.submitting || uploads.busy} data-testid="submit-product">
          {productId ? t('catalogue.publish.submit') : t('listing.bar.publish')}
        </button>
      </div>
    </form>
  );
}
