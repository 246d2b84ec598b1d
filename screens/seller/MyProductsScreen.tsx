import { useMemo, useState } from 'react';
import { getMyProducts, productAction, type SellerActionName } from '../../src/api/catalogue';
import { ConfirmDialog } from '../../src/app/ConfirmDialog';
import { go } from '../../src/app/navigation';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { useSubmit } from '../../src/app/useSubmit';
import type { OwnProduct, ProductStatus } from '../../src/domain/types/catalogue';
import { useT } from '../../src/i18n/react';
import { button, muted, screen, skeleton } from '../../src/theme/ui.css';
import * as css from './seller.css';
import { Money } from '../../src/app/Money';

const filters: (ProductStatus | 'all')[] = ['all', 'normal', 'reviewing', 'reviewFailed', 'draft', 'takenDown', 'frozen'];

function Row({ product, onChanged }: { product: OwnProduct; onChanged: () => void }) {
  const t = useT();
  const act = useSubmit(({ action }: { action: SellerActionName }) => productAction(action, product.id), undefined, onChanged);
  const can = (event: string) => product.allowed.includes(event);
  return (
    <article className={css.productRow} data-testid="own-product" data-status={product.status}>
      {product.image ? <img className={css.productImg} src={product.image.urls.thumb} width={72} height={72} alt="" loading="lazy" /> : <div className={css.productImg} />}
      <div className={css.grow}>
        <strong>{product.title || '—'}</strong>
        <Money amount={product.price} className={muted} />
        <span className={css.status}>{t(`catalogue.status.${product.status}`)}</span>
        {product.reason ? (
          <p className={css.reason} data-testid="own-reason">
            {t(product.status === 'frozen' ? 'catalogue.publish.frozenReason' : 'catalogue.publish.reviewReason', { reason: product.reason })}
          </p>
        ) : null}
        <div className={css.actions}>
          {can('EDIT') || can('SUBMIT') || can('SAVE_DRAFT') ? (
            <button type="button" className={button({ tone: 'secondary' })} onClick={() => go(`/publish?id=${product.id}`)} data-testid="edit-product">
              {t('catalogue.publish.edit')}
            </button>
          ) : null}
          {can('TAKE_DOWN') ? (
            <ConfirmDialog
              trigger={<button type="button" className={button({ tone: 'secondary' })} data-testid="take-down">{t('catalogue.publish.takeDown')}</button>}
              title={t('catalogue.publish.takeDown')}
              body={t('catalogue.publish.confirmTakeDown')}
              confirmLabel={t('catalogue.publish.takeDown')}
              onConfirm={() => act.submit({ action: 'takeDown' })}
            />
          ) : null}
          {can('RELIST') ? (
            <button type="button" className={button({ tone: 'secondary' })} disabled={act.submitting} onClick={() => act.submit({ action: 'relist' })} data-testid="relist">
              {t('catalogue.publish.relist')}
            </button>
          ) : null}
          {can('DELETE') ? (
            <ConfirmDialog
              trigger={<button type="button" className={button({ tone: 'ghost' })} data-testid="delete-product">{t('catalogue.publish.delete')}</button>}
              title={t('catalogue.publish.delete')}
              body={t('catalogue.publish.confirmDelete')}
              confirmLabel={t('catalogue.publish.delete')}
              tone="danger"
              onConfirm={() => act.submit({ action: 'delete' })}
            />
          ) : null}
        </div>
      </div>
    </article>
  );
}

function List({ status }: { status: ProductStatus | 'all' }) {
  const t = useT();
  const loader = useMemo(() => () => getMyProducts(status === 'all' ? undefined : status), [status]);
  // Kept alive while hidden: read afresh each time the screen is shown (staff review it too).
  const { state, data, reload } = useResource<OwnProduct[]>(loader);
  if (state === 'loading') return <div className={skeleton} style={{ height: 200 }} />;
  if (!data?.length) return <p className={muted}>{t('catalogue.publish.empty')}</p>;
  return (
    <div>
      {data.map((p) => (
        <Row key={`${p.id}-${p.status}-${p.updatedAt}`} product={p} onChanged={reload} />
      ))}
    </div>
  );
}

/** The seller's own products with their state, the reviewer's reason, and what may be done now (from the chart). */
export default function MyProductsScreen() {
  const t = useT();
  const [status, setStatus] = useState<ProductStatus | 'all'>('all');
  return (
    <>
      <ScreenHeader title={t('catalogue.publish.myProducts')} backTo="/publish" />
      <div className={screen}>
        <div className={css.tabs} role="tablist">
          {filters.map((f) => (
            <button key={f} type="button" role="tab" aria-selected={f === status} className={`${css.choice} ${f === status ? css.choiceOn : ''}`} onClick={() => setStatus(f)}>
              {f === 'all' ? t('catalogue.publish.all') : t(`catalogue.status.${f}`)}
            </button>
          ))}
        </div>
        <List key={status} status={status} />
        <button type="button" className={button({})} onClick={() => go('/publish')}>
          {t('catalogue.publish.newProduct')}
        </button>
      </div>
    </>
  );
}
