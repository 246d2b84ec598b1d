import { useState } from 'react';
import { getMyProduct, productAction } from '../../src/api/catalogue';
import { ConfirmDialog } from '../../src/app/ConfirmDialog';
import { go } from '../../src/app/navigation';
import { useResource } from '../../src/app/useResource';
import { useSubmit } from '../../src/app/useSubmit';
import type { OwnProduct, ProductDetail } from '../../src/domain/types/catalogue';
import { useT } from '../../src/i18n/react';
import * as css from './product.css';

/**
 * The bar a seller sees on their own product (issue 37, finding 4): its review state, and what they may do
 * now (Edit, Take down, Relist), in place of Buy buttons they could never use. Ownership is the server's
 * word twice over: the relation says `owner` from the session, and the seller's own-product read refuses
 * anyone else's product; the actions offered are the product chart's events for the seller.
 */
export function OwnerBar({ product }: { product: ProductDetail }) {
  const t = useT();
  const mine = useResource<OwnProduct>(() => getMyProduct(product.id));
  const [changed, setChanged] = useState<OwnProduct | null>(null);
  const own = changed ?? mine.data ?? null;
  const act = useSubmit(({ action }: { action: 'takeDown' | 'relist' }) => productAction(action, product.id), undefined, (next) => setChanged(next));
  const can = (event: string) => own?.allowed.includes(event) ?? false;
  const status = own?.status ?? product.status;
  return (
    <nav className={css.buyBar} aria-label={t('sellerDay.owner.bar')} data-testid="owner-bar">
      <p className={css.ownerState} data-testid="owner-state" data-status={status}>
        <span className={css.ownerStateLabel}>{t('sellerDay.owner.yours')}</span>
        <span>{t(`sellerDay.owner.state.${status}`)}</span>
        {own?.reason ? <span data-testid="owner-reason">{t(status === 'frozen' ? 'catalogue.publish.frozenReason' : 'catalogue.publish.reviewReason', { reason: own.reason })}</span> : null}
      </p>
      <div className={css.ownerActions}>
        {can('EDIT') || can('SUBMIT') ? (
          <button type="button" className={css.barBuy} onClick={() => go(`/publish?id=${product.id}`)} data-testid="owner-edit">
            {t('catalogue.publish.edit')}
          </button>
        ) : null}
        {can('TAKE_DOWN') ? (
          <ConfirmDialog
            trigger={
              <button type="button" className={css.barAdd} disabled={act.submitting} data-testid="owner-take-down">
                {t('catalogue.publish.takeDown')}
              </button>
            }
            title={t('catalogue.publish.takeDown')}
            body={t('sellerDay.owner.confirmTakeDown')}
            confirmLabel={t('catalogue.publish.takeDown')}
            cancelLabel={t('sellerDay.owner.keepListed')}
            onConfirm={() => act.submit({ action: 'takeDown' })}
          />
        ) : null}
        {can('RELIST') ? (
          <button type="button" className={css.barBuy} disabled={act.submitting} onClick={() => act.submit({ action: 'relist' })} data-testid="owner-relist">
            {t('catalogue.publish.relist')}
          </button>
        ) : null}
      </div>
    </nav>
  );
}
