import { useEffect, useState } from 'react';
import { afterSaleDetail } from '../../src/api/afterSale';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import type { AfterSaleView } from '../../src/domain/types/afterSale';
import { useT } from '../../src/i18n/react';
import { muted } from '../../src/theme/ui.css';
import * as css from './afterSale.css';
import { CaseView } from './CaseView';

/** /mine/order/aftersale?case=<id>: one case for its buyer, its seller (or staff), with its timeline and the steps allowed now. */
export default function CaseScreen({ id }: { id: string }) {
  const t = useT();
  const loaded = useResource(() => afterSaleDetail(id));
  const [view, setView] = useState<AfterSaleView | null>(null);
  useEffect(() => setView(loaded.data), [loaded.data]);
  return (
    <div>
      <ScreenHeader title={t('afterSale.detail.title')} backTo={view?.viewer === 'seller' ? '/mine/seller/aftersale-list' : '/mine/order/list'} />
      {view ? <CaseView view={view} onChanged={setView} /> : loaded.state === 'failed' ? (
        <div className={css.body}>
          <p className={muted}>{t('afterSale.detail.missing')}</p>
        </div>
      ) : null}
    </div>
  );
}

