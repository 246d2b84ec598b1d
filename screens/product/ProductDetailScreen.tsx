import { Checkbox } from '../../src/app/FormControls';
import * as Dialog from '@radix-ui/react-dialog';
import { useSelector } from '@xstate/react';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import {
  addComment,
  blockCommenter,
  collectProduct,
  deleteComment,
  followStore,
  getComments,
  getProductDetail,
  getRelation,
  reportProduct,
} from '../../src/api/catalogue';
import { Icon } from '../../src/app/Icon';
import { askToLogIn } from '../../src/app/returnTo';
import { usePager } from '../../src/app/catalogue/usePager';
import { ConfirmDialog } from '../../src/app/ConfirmDialog';
import { useGate } from '../../src/app/gateContext';
import { go, useScreenQuery } from '../../src/app/navigation';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { showToast } from '../../src/app/toasts';
import { useResource } from '../../src/app/useResource';
import { useSubmit } from '../../src/app/useSubmit';
import * as shell from '../../src/app/shell.css';
import { isSoldEverywhere } from '../../src/domain/delivery';
import { commentIssues, type CommentInput } from '../../src/domain/schemas/catalogue';
import type { CommentItem, ProductDetail, Relation } from '../../src/domain/types/catalogue';
import { useLanguage, useT } from '../../src/i18n/react';
import { compactCount, ratingText } from '../../src/app/catalogue/trustFormat';
import { shortDate } from '../../src/domain/dates';
import { ShopFigures } from './ShopFigures';
import { button, card, muted, screen, skeleton, title } from '../../src/theme/ui.css';
import * as css from './product.css';
import { PhotoViewer } from '../../src/app/PhotoViewer';
import { firstChoice, isFreeShipping, ProductBar, SpecSheet, type SheetMode, type SkuChoice } from './ProductBuy';
import { Money } from '../../src/app/Money';
import { moneyText } from '../../src/app/moneyText';
import { Bdi, Ltr } from '../../src/app/Isolate';

/** The product's rating, how many rated and how many sold (issue 33): no stars without ratings, nothing without either. */
function RatingLine({ product }: { product: ProductDetail }) {
  const t = useT();
  const language = useLanguage();
  const average = product.rating.average;
  if (average === null && product.sold === 0) return null;
  const parts: string[] = [];
  if (average !== null) parts.push(t('feed.trust.ratings', { count: product.rating.count, n: compactCount(language, product.rating.count) }));
  if (product.sold > 0) parts.push(t('feed.trust.sold', { count: product.sold, n: compactCount(language, product.sold) }));
  return (
    <p className={css.ratingLine} data-testid="detail-trust">
      {average !== null ? (
        <>
          <span className={css.ratingStar} aria-hidden="true">
            ★
          </span>
          <span className={css.ratingValue} aria-hidden="true" data-testid="detail-rating">
            {ratingText(language, average)}
          </span>
          <span className={css.visuallyHidden}>{t('feed.trust.rated', { rating: ratingText(language, average) })}</span>
        </>
      ) : null}
      <span data-testid="detail-counts">{parts.join(' · ')}</span>
    </p>
  );
}

/** The latest order ratings with their words, newest first (anonymous ones without a name). */
function LatestRatings({ product }: { product: ProductDetail }) {
  const t = useT();
  const language = useLanguage();
  if (product.latestRatings.length === 0) return null;
  return (
    <section className={card} aria-labelledby="latest-ratings-title" data-testid="latest-ratings">
      <h2 id="latest-ratings-title" className={css.sectionTitle}>
        {t('feed.trust.latest')}
      </h2>
      {product.latestRatings.map((r) => (
        <article key={r.id} className={css.latestRating} data-testid="latest-rating">
          <p className={muted}>
            <span className={css.ratingStar} role="img" aria-label={`${r.score} / 5`}>
              {'★'.repeat(r.score)}
            </span>{' '}
            <bdi>{r.authorName ?? t('feed.trust.anonymous')}</bdi> · <bdi>{shortDate(r.at, language)}</bdi>
          </p>
          <p className={css.description} dir="auto">
            {r.words}
          </p>
        </article>
      ))}
    </section>
  );
}

/**
 * The image strip: a scroll region reachable by keyboard (Tab, then the arrow keys, Home and End), and
 * dots that are real buttons with 24×24 px touch targets (WCAG 2.5.8). A picture opens the full-screen
 * viewer (issue 22): a counter "1/3" on the strip, swipe and arrow keys in the viewer, zoom.
 */
const Gallery = memo(function Gallery({ product }: { product: ProductDetail }) {
  const [index, setIndex] = useState(0);
  const [viewer, setViewer] = useState<number | null>(null);
  const strip = useRef<HTMLDivElement | null>(null);
  // The viewer closed on another picture: the strip shows it too, once the dialog has gone (and given focus back).
  const returnTo = useRef<number | null>(null);
  const counterButton = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    const at = returnTo.current;
    if (viewer !== null || at === null) return;
    returnTo.current = null;
    const frame = requestAnimationFrame(() => {
      show(at, 'instant');
      counterButton.current?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [viewer]);
  const t = useT();
  const count = product.images.length;
  const show = (i: number, behavior: ScrollBehavior = 'smooth') => {
    const el = strip.current;
    if (!el || count === 0) return;
    const next = Math.max(0, Math.min(count - 1, i));
    // scrollLeft runs negative in a right-to-left page
    const sign = getComputedStyle(el).direction === 'rtl' ? -1 : 1;
    el.scrollTo({ left: sign * next * el.clientWidth, behavior });
    setIndex(next);
  };
  return (
    <div className={css.galleryFrame}>
      <div
        ref={strip}
        className={css.gallery}
        data-testid="gallery"
        role="region"
        aria-roledescription={t('freshness.gallery.kind')}
        aria-label={t('freshness.gallery.label', { title: product.title, count })}
        tabIndex={0}
        onKeyDown={(e) => {
          const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
          const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[e.key];
          if (step !== undefined) show(index + step);
          else if (e.key === 'Home') show(0);
          else if (e.key === 'End') show(count - 1);
          else if (e.key === 'Enter' || e.key === ' ') setViewer(index);
          else return;
          e.preventDefault();
        }}
        onScroll={(e) => {
          const el = e.currentTarget;
          // Only where a picture has come to rest: a smooth scroll's passing positions would name the wrong one.
              const at = Math.abs(el.scrollLeft) / Math.max(1, el.clientWidth);
              if (Math.abs(at - Math.round(at)) < 0.02) setIndex(Math.round(at));
        }}
      >
        {product.images.map((image, i) => (
          <img
            key={image.id}
            className={css.slide}
            src={image.urls.full}
            width={1080}
            height={1080}
            alt={`${product.title} ${i + 1}`}
            loading={i === 0 ? 'eager' : 'lazy'}
            onClick={() => setViewer(i)}
            data-testid="gallery-slide"
          />
        ))}
      </div>
      {count > 0 && (
        <button
          ref={counterButton}
          type="button"
          className={css.counter}
          onClick={() => setViewer(index)}
          data-testid="gallery-counter"
          aria-label={`${index + 1}/${count}, ${t('buy.gallery.open', { n: index + 1, count })}`}
        >
          <Icon name="zoomIn" size={16} />
          {index + 1}/{count}
        </button>
      )}
      <div className={css.dots}>
        {product.images.map((image, i) => (
          <button key={image.id} type="button" className={css.dot} aria-label={t('freshness.gallery.image', { n: i + 1, count })} aria-current={i === index} data-testid="gallery-dot" onClick={() => show(i)}>
            <span className={`${css.dotMark} ${i === index ? css.dotOn : ''}`} aria-hidden="true" />
          </button>
        ))}
      </div>
      {viewer !== null && (
        <PhotoViewer
          title={product.title}
          images={product.images}
          start={viewer}
          onClose={(at) => {
            returnTo.current = at;
            setViewer(null);
          }}
        />
      )}
    </div>
  );
});

/** The chosen specification and colour as a row of the page; tapping it opens the specification sheet. */
function SkuSummary({ product, choice, onOpen }: { product: ProductDetail; choice: SkuChoice; onOpen: () => void }) {
  const t = useT();
  const chosen = product.skus.find((s) => s.id === choice.skuId);
  return (
    <section className={card} aria-labelledby="sku-title">
      <button type="button" className={css.skuRow} onClick={onOpen} data-testid="open-specification">
        <span className={css.grow}>
          <span id="sku-title" className={css.skuLabel}>
            {t('catalogue.detail.specification')} · {t('catalogue.detail.colour')}
          </span>
          <span className={muted}>{chosen ? `${chosen.specification} · ${chosen.colour}` : t('buy.product.choose')}</span>
        </span>
        <Icon name="forward" size={18} />
      </button>
    </section>
  );
}

function ReportDialog({ productId }: { productId: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const send = useSubmit(
    async (text: string) => {
      try {
        return await reportProduct(productId, text);
      } catch (error) {
        showToast(t('messages.reportFailed'), 'error');
        throw error;
      }
    },
    (text) => (text.trim() ? null : 'catalogue.rules.reasonRequired'),
    () => {
      showToast(t('catalogue.detail.reportSent'), 'success');
      setOpen(false);
      setReason('');
    },
  );
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className={button({ tone: 'ghost' })} data-testid="report">
          {t('catalogue.detail.report')}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={shell.overlay} />
        <Dialog.Content className={shell.dialog}>
          <Dialog.Title className={title}>{t('catalogue.detail.report')}</Dialog.Title>
          <Dialog.Description className={muted}>{t('catalogue.detail.reportReason')}</Dialog.Description>
          <textarea className={css.textarea} aria-label={t('catalogue.detail.reportReason')} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
          {send.problem ? <p className={css.error}>{t(send.problem)}</p> : null}
          <div className={shell.dialogActions}>
            <Dialog.Close asChild>
              <button type="button" className={button({ tone: 'secondary' })}>
                {t('app.cancel')}
              </button>
            </Dialog.Close>
            <button type="button" className={button({ tone: 'danger' })} disabled={send.submitting} onClick={() => send.submit(reason)}>
              {t('catalogue.detail.report')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Memoised, as the gallery: opening the specification sheet re-renders the page, not its comments (issue 33, finding 12). */
const Comments = memo(function Comments({ product, relation, loggedIn }: { product: ProductDetail; relation: Relation | null; loggedIn: boolean }) {
  const t = useT();
  const pager = usePager<CommentItem>((cursor) => getComments(product.id, cursor));
  const [content, setContent] = useState('');
  const [rating, setRating] = useState<number | null>(null);
  const [anonymous, setAnonymous] = useState(false);
  const send = useSubmit(
    (input: CommentInput) => addComment(input),
    (input) => commentIssues(input)[0]?.message ?? null,
    () => {
      setContent('');
      setRating(null);
      setAnonymous(false);
      pager.reload();
    },
  );
  const remove = useSubmit((id: string) => deleteComment(id), undefined, () => pager.reload());
  const block = useSubmit((id: string) => blockCommenter(id), undefined, () => showToast(t('catalogue.detail.blockedDone'), 'success'));
  const owner = relation?.owner ?? false;
  return (
    <section className={card} aria-labelledby="comments-title">
      <h2 id="comments-title" className={css.sectionTitle}>
        {t('catalogue.detail.comments')} {product.rating.count > 0 ? `· ${t('catalogue.detail.ratingSummary', { avg: String(product.rating.average ?? ''), n: String(product.rating.count) })}` : ''}
      </h2>
      {loggedIn && !owner && product.status === 'normal' ? (
        <form
          data-testid="comment-form"
          onSubmit={(e) => {
            e.preventDefault();
            send.submit({ productId: product.id, content, rating, anonymous });
          }}
          style={{ display: 'flex', flexDirection: 'column', gap: 8, marginBottom: 12 }}
        >
          <div role="radiogroup" aria-label={t('catalogue.detail.rating')}>
            {[1, 2, 3, 4, 5].map((n) => (
              <button
                key={n}
                type="button"
                role="radio"
                aria-checked={rating === n}
                aria-label={`${n}`}
                className={`${css.starButton} ${rating !== null && n <= rating ? css.starOn : ''}`}
                onClick={() => setRating(n)}
              >
                <Icon name="star" size={24} filled={rating !== null && n <= rating} />
              </button>
            ))}
          </div>
          <textarea
            className={css.textarea}
            aria-label={t('catalogue.detail.writeComment')}
            placeholder={t('catalogue.detail.commentPlaceholder')}
            value={content}
            maxLength={1000}
            onChange={(e) => setContent(e.target.value)}
          />
          <label className={css.checkbox}>
            <Checkbox checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} />
            {t('catalogue.detail.anonymous')}
          </label>
          {send.problem ? (
            <p className={css.error} role="alert">
              {t(send.problem)}
            </p>
          ) : null}
          <button type="submit" className={button({})} disabled={send.submitting}>
            {t('catalogue.detail.send')}
          </button>
        </form>
      ) : null}
      {pager.state === 'loading' && pager.items.length === 0 ? <div className={skeleton} style={{ height: 60 }} /> : null}
      {pager.state === 'end' && pager.items.length === 0 ? <p className={muted}>{t('catalogue.detail.noComments')}</p> : null}
      {pager.items.map((c) => (
        <article key={c.id} className={css.comment} data-testid="comment">
          <div className={css.row}>
            <strong>{c.authorName ?? t('catalogue.detail.anonymousName')}</strong>
            <span className={css.stars} role="img" aria-label={`${c.rating} / 5`}>
              {Array.from({ length: c.rating }, (_, i) => (
                <Icon key={i} name="star" size={14} filled />
              ))}
            </span>
          </div>
          <p style={{ margin: 0 }}>{c.content}</p>
          {owner ? (
            <div className={css.actions}>
              <ConfirmDialog
                trigger={
                  <button type="button" className={button({ tone: 'ghost' })} data-testid="delete-comment">
                    {t('catalogue.detail.deleteComment')}
                  </button>
                }
                title={t('catalogue.detail.deleteComment')}
                body={t('catalogue.detail.confirmDeleteComment')}
                confirmLabel={t('catalogue.detail.deleteComment')}
                tone="danger"
                onConfirm={() => remove.submit(c.id)}
              />
              <ConfirmDialog
                trigger={
                  <button type="button" className={button({ tone: 'ghost' })} data-testid="block-user">
                    {t('catalogue.detail.blockUser')}
                  </button>
                }
                title={t('catalogue.detail.blockUser')}
                body={t('catalogue.detail.confirmBlock')}
                confirmLabel={t('catalogue.detail.blockUser')}
                tone="danger"
                onConfirm={() => block.submit(c.id)}
              />
            </div>
          ) : null}
        </article>
      ))}
      <div ref={pager.sentinel} />
    </section>
  );
});

type RelationResource = ReturnType<typeof useResource<Relation | null>>;

function Detail({ product, loggedIn, relation }: { product: ProductDetail; loggedIn: boolean; relation: RelationResource }) {
  const t = useT();
  const [choice, setChoice] = useState<SkuChoice>(() => firstChoice(product));
  const [sheet, setSheet] = useState<SheetMode | null>(null);
  const rel = relation.data;
  const needLogin = askToLogIn; // back here once logged in (src/app/returnTo.ts)
  // A refusal is shown by the shell's reaction (a frozen account is told so, with the reason).
  const collect = useSubmit((on: boolean) => collectProduct(product.id, on), undefined, () => relation.reload());
  const follow = useSubmit((on: boolean) => followStore(product.seller.id, on), undefined, () => relation.reload());
  const copy = async () => {
    try {
      const link = `${location.origin}${location.pathname}#/product/detail?id=${product.id}`;
      await navigator.clipboard.writeText(link);
      showToast(t('catalogue.detail.copied'), 'success');
    } catch {
      showToast(t('messages.copyFailed'), 'error');
    }
  };
  // Global is every country (src/domain/delivery.ts: the same rule the order screen's quote and the checkout apply).
  const countries = isSoldEverywhere(product.saleCountries.map((c) => c.id)) ? t('hardening.delivery.everywhere') : product.saleCountries.map((c) => c.name).join(', ');
  return (
    <>
      <Gallery product={product} />
      <div className={screen}>
        <section className={card}>
          <p className={css.price} data-testid="detail-price">
            <Money amount={product.price} />
          </p>
          <h1 className={title} data-testid="detail-title" style={{ marginTop: 8 }}>
            {product.title}
          </h1>
          <RatingLine product={product} />
          {product.status !== 'normal' ? <p className={muted}>{t('catalogue.detail.statusNotice', { status: t(`catalogue.status.${product.status}`) })}</p> : null}
          <div className={css.actions} style={{ marginTop: 12 }}>
            {rel?.owner ? null : (
              <button
                type="button"
                className={button({ tone: rel?.collected ? 'primary' : 'secondary' })}
                data-testid="collect"
                aria-pressed={rel?.collected ?? false}
                disabled={collect.submitting}
                onClick={() => (loggedIn ? collect.submit(!(rel?.collected ?? false)) : needLogin())}
              >
                <Icon name="heart" size={18} filled={rel?.collected ?? false} />
                {rel?.collected ? t('catalogue.detail.collected') : t('catalogue.detail.collect')}
              </button>
            )}
            <button type="button" className={button({ tone: 'ghost' })} onClick={() => void copy()} data-testid="copy-link">
              {t('catalogue.detail.copyLink')}
            </button>
            {loggedIn && !rel?.owner ? <ReportDialog productId={product.id} /> : null}
          </div>
        </section>
        {product.skus.length ? <SkuSummary product={product} choice={choice} onOpen={() => setSheet('choose')} /> : null}
        <section className={card}>
          <dl className={css.dl}>
            <dt className={css.dt}>{t('catalogue.detail.type')}</dt>
            <dd className={css.dd}>{t(`catalogue.condition.${product.condition}`)}</dd>
            <dt className={css.dt}>{t('catalogue.detail.category')}</dt>
            <dd className={css.dd}>{t(`categories.${product.categoryKey}`)}</dd>
            <dt className={css.dt}>{t('catalogue.detail.shipping')}</dt>
            <dd className={css.dd} data-testid="detail-shipping">
              {isFreeShipping(product) ? t('catalogue.shippingMethod.free') : `${moneyText(product.shippingFee)} · ${t(`catalogue.shippingMethod.${product.shippingMethod}`)}`}
            </dd>
            <dt className={css.dt}>{t('catalogue.detail.shipFrom')}</dt>
            <dd className={css.dd}>{product.shippingPlace}</dd>
            <dt className={css.dt}>{t('catalogue.detail.saleCountries')}</dt>
            <dd className={css.dd}>{countries}</dd>
            <dt className={css.dt}>{t('catalogue.detail.globalBarter')}</dt>
            <dd className={css.dd}>{product.globalBarter ? t('catalogue.detail.yes') : t('catalogue.detail.no')}</dd>
            <dt className={css.dt}>{t('catalogue.detail.contact')}</dt>
            <dd className={css.dd}>{product.contactEmail}</dd>
          </dl>
        </section>
        <LatestRatings product={product} />
        <section className={card} data-testid="detail-shop">
          <div className={css.sellerCard}>
            <span className={css.avatar} aria-hidden="true">
              {product.seller.nickname.slice(0, 1).toUpperCase()}
            </span>
            <div className={css.grow}>
              <strong>
                <Bdi>{product.seller.nickname}</Bdi>
              </strong>
              <p className={muted}>
                <Ltr>@{product.seller.username}</Ltr> · {product.seller.countryName}
              </p>
            </div>
            {loggedIn && !rel?.owner ? (
              <button type="button" className={button({ tone: rel?.following ? 'secondary' : 'primary' })} data-testid="follow" disabled={follow.submitting} onClick={() => follow.submit(!(rel?.following ?? false))}>
                {rel?.following ? t('catalogue.store.following') : t('catalogue.store.follow')}
              </button>
            ) : null}
          </div>
          <div style={{ marginTop: 8 }}>
            <ShopFigures trust={product.shop} />
          </div>
          <button type="button" className={button({ tone: 'ghost', block: true })} style={{ marginTop: 8 }} onClick={() => go(`/product/store?id=${product.seller.id}`)} data-testid="visit-store">
            {t('catalogue.detail.visitStore')}
          </button>
          {!rel?.owner ? (
            <button type="button" className={button({ tone: 'secondary', block: true })} style={{ marginTop: 8 }} onClick={() => go(`/chatRoom?seller=${product.seller.id}&product=${product.id}`)} data-testid="chat-seller">
              {t('chat.entry.contactSeller')}
            </button>
          ) : null}
        </section>
        <section className={card}>
          <h2 className={css.sectionTitle}>{t('catalogue.detail.description')}</h2>
          <p className={css.description}>{product.description}</p>
        </section>
        <Comments product={product} relation={rel ?? null} loggedIn={loggedIn} />
      </div>
      <ProductBar product={product} owner={rel?.owner === true} onSheet={setSheet} />
      {sheet !== null && <SpecSheet product={product} mode={sheet} choice={choice} onChoice={setChoice} onClose={() => setSheet(null)} />}
    </>
  );
}

export default function ProductDetailScreen() {
  const t = useT();
  const id = useScreenQuery().get('id') ?? '';
  const gate = useGate();
  const user = useSelector(gate, (s) => s.context.userInfo);
  const valid = /^[1-9]\d{0,17}$/.test(id);
  const loader = useMemo(() => () => (valid ? getProductDetail(id) : Promise.reject(new Error('no id'))), [id, valid]);
  const { state, data, retry } = useResource<ProductDetail>(loader);
  // Asked for beside the detail, not after it (issue 33, finding 12): the page's buttons (collect, follow, own
  // product) have their state with the page's first render instead of in a second one a round trip later.
  const signedIn = useRef(user !== null);
  signedIn.current = user !== null;
  const relation = useResource<Relation | null>(() => (signedIn.current && valid ? getRelation({ productId: id }) : Promise.resolve(null)));
  return (
    <>
      <ScreenHeader title={t('catalogue.detail.title')} />
      {state === 'loading' ? (
        <div className={screen} aria-busy="true">
          <div className={skeleton} style={{ aspectRatio: '1 / 1' }} />
          <div className={skeleton} style={{ height: 80 }} />
        </div>
      ) : state === 'failed' || !data ? (
        // The server said so (a network failure is "No connection", src/app/useResource.ts).
        <div className={screen} role="alert" data-testid="product-unavailable">
          <p className={muted}>{t('catalogue.detail.notFound')}</p>
          <button type="button" className={button({ tone: 'secondary' })} onClick={retry}>
            {t('app.retry')}
          </button>
        </div>
      ) : (
        <Detail key={data.id} product={data} loggedIn={user !== null} relation={relation} />
      )}
    </>
  );
}
