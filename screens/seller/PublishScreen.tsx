import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { getMyProduct, type UploadedImage } from '../../src/api/catalogue';
import { getListingDraft } from '../../src/api/listing';
import { useGate } from '../../src/app/gateContext';
import { go, useScreenQuery } from '../../src/app/navigation';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { emptyProductInput, type ProductInput } from '../../src/domain/schemas/catalogue';
import type { OwnProductDetail } from '../../src/domain/types/catalogue';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen, skeleton } from '../../src/theme/ui.css';
import { readDeviceDraft } from './listingDraft';
import { ListingForm } from './ListingForm';
import * as css from './seller.css';

/**
 * A new listing: the draft kept on this device, else the one kept on the server, else an empty form (a simple
 * product: one combination, "One size" and "As pictured", both changeable among the variants).
 */
function NewListing({ sellerId, email, sellerCountryId }: { sellerId: string; email: string; sellerCountryId: number }) {
  const t = useT();
  const blank = useMemo<ProductInput>(
    () => ({ ...emptyProductInput(), contactEmail: email, skus: [{ specification: t('listing.variants.oneSize'), colour: t('listing.variants.asPictured'), stock: '' }] }),
    [email, t],
  );
  const [round, setRound] = useState(0);
  const [start, setStart] = useState<{ product: ProductInput; images: UploadedImage[]; restored: boolean } | null>(() => {
    const device = readDeviceDraft(sellerId);
    return device ? { product: device.product, images: device.images, restored: true } : null;
  });
  useEffect(() => {
    if (start) return;
    let live = true;
    getListingDraft()
      .then((kept) => {
        if (live) setStart(kept ? { product: kept.product, images: kept.images, restored: true } : { product: blank, images: [], restored: false });
      })
      .catch(() => live && setStart({ product: blank, images: [], restored: false }));
    return () => {
      live = false;
    };
  }, [start, blank]);
  if (!start) return <div className={skeleton} style={{ height: 240 }} data-testid="listing-loading" />;
  return (
    <ListingForm
      key={round}
      initial={start.product}
      productId={null}
      sellerCountryId={sellerCountryId}
      initialImages={start.images}
      draft={{
        sellerId,
        restored: start.restored,
        blank,
        onStartOver: () => {
          setStart({ product: blank, images: [], restored: false });
          setRound((r) => r + 1);
        },
      }}
    />
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
      <ListingForm initial={data.input} productId={id} sellerCountryId={sellerCountryId} initialImages={data.images} />
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
          <NewListing sellerId={user.id} email={user.email ?? ''} sellerCountryId={user.countryId} />
        )}
      </div>
    </>
  );
}
