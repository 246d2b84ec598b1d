import { workOrders } from '../../src/api/chat';
import { go } from '../../src/app/navigation';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { useT } from '../../src/i18n/react';
import { button, card, muted } from '../../src/theme/ui.css';
import { LoginRequired } from './LoginRequired';
import { WorkOrderRow } from './WorkOrderParts';

function List() {
  const t = useT();
  const list = useResource(() => workOrders());
  return (
    <div style={{ display: 'grid', gap: 16, padding: 16 }}>
      <button type="button" className={button({ block: true })} onClick={() => go('/workorder/workorderadd')} data-testid="workorder-new">
        {t('workOrder.new')}
      </button>
      {list.state === 'failed' ? (
        <button type="button" className={button({ tone: 'secondary' })} onClick={list.retry}>
          {t('app.retry')}
        </button>
      ) : null}
      {list.state === 'ready' && (list.data ?? []).length === 0 ? <p className={muted}>{t('workOrder.none')}</p> : null}
      {(list.data ?? []).length ? (
        <div className={card} style={{ padding: 0, overflow: 'hidden' }}>
          {(list.data ?? []).map((w) => (
            <WorkOrderRow key={w.id} w={w} onOpen={() => go(`/workorder/workorderdetail?id=${w.id}`)} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** /workorder/workorderlist: the person's work orders, newest first, with their status. */
export default function WorkOrderListScreen() {
  const t = useT();
  return (
    <>
      <ScreenHeader title={t('workOrder.listTitle')} backTo="/mine/customerService" />
      <LoginRequired>
        <List />
      </LoginRequired>
    </>
  );
}
