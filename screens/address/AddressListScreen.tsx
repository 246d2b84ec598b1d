import { ConfirmDialog } from '../../src/app/ConfirmDialog';
import { go } from '../../src/app/navigation';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { useSubmit } from '../../src/app/useSubmit';
import { deleteAddress, listAddresses, setDefaultAddress } from '../../src/api/cart';
import type { AddressView } from '../../src/domain/types/commerce';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen, skeleton } from '../../src/theme/ui.css';
import * as css from './address.css';
import EmptyState from '../../src/app/EmptyState';

/** /mine/address/list: the buyer's delivery addresses, exactly one default. */
export default function AddressListScreen() {
  const t = useT();
  const { state, data, retry, reload } = useResource(listAddresses);
  const remove = useSubmit((id: string) => deleteAddress(id), undefined, () => reload());
  const makeDefault = useSubmit((id: string) => setDefaultAddress(id), undefined, () => reload());
  const list: AddressView[] = data ?? [];
  return (
    <>
      <ScreenHeader title={t('address.listTitle')} />
      <div className={screen}>
        {state === 'loading' && <div className={skeleton} style={{ height: 88 }} aria-busy="true" />}
        {state === 'failed' && (
          <button type="button" className={button({ tone: 'secondary' })} onClick={retry}>
            {t('address.retry')}
          </button>
        )}
        {state === 'ready' && list.length === 0 && <EmptyState icon="mapPin" text={t('address.empty')} testId="address-empty" />}
        {list.map((a) => (
          <section key={a.id} className={`${card} ${css.item}`} data-testid={`address-${a.id}`}>
            <div className={css.head}>
              <strong>
                {a.firstName} {a.lastName} · {a.phone}
              </strong>
              {a.isDefault && <span className={css.badge}>{t('address.default')}</span>}
            </div>
            <span className={muted}>{a.region}</span>
            <span>{[a.street, a.buildingNumber, a.detail, a.zipCode].filter(Boolean).join(', ')}</span>
            <div className={css.actions}>
              <button type="button" className={button({ tone: 'ghost' })} onClick={() => go(`/mine/address/edit?id=${a.id}`)}>
                {t('address.edit')}
              </button>
              {!a.isDefault && (
                <button type="button" className={button({ tone: 'ghost' })} disabled={makeDefault.submitting} onClick={() => makeDefault.submit(a.id)}>
                  {t('address.makeDefault')}
                </button>
              )}
              <ConfirmDialog
                trigger={
                  <button type="button" className={button({ tone: 'ghost' })}>
                    {t('address.delete')}
                  </button>
                }
                title={t('address.deleteTitle')}
                body={t('address.deleteBody')}
                confirmLabel={t('address.delete')}
                tone="danger"
                onConfirm={() => remove.submit(a.id)}
              />
            </div>
          </section>
        ))}
        <button type="button" className={button({ block: true })} data-testid="address-add" onClick={() => go('/mine/address/add')}>
          {t('address.add')}
        </button>
      </div>
    </>
  );
}
