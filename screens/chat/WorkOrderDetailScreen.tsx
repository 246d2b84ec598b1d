import { closeWorkOrder, replyWorkOrder, workOrderDetail } from '../../src/api/chat';
import { useScreenQuery } from '../../src/app/navigation';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { useT } from '../../src/i18n/react';
import { button, muted } from '../../src/theme/ui.css';
import { LoginRequired } from './LoginRequired';
import { useWorkOrderSteps, WorkOrderThread } from './WorkOrderParts';

function Detail() {
  const t = useT();
  const id = useScreenQuery().get('id') ?? '';
  const loaded = useResource(() => workOrderDetail(id));
  const { w, busy, run } = useWorkOrderSteps(loaded.data);
  if (loaded.state === 'failed') {
    return (
      <button type="button" className={button({ tone: 'secondary' })} style={{ margin: 16 }} onClick={loaded.retry}>
        {t('app.retry')}
      </button>
    );
  }
  if (!w) return <p className={muted} style={{ padding: 16 }}>{t('app.loading')}</p>;
  return (
    <div style={{ padding: 16 }}>
      <WorkOrderThread w={w} busy={busy} onReply={(body) => void run(() => replyWorkOrder(w.id, body))} onClose={() => void run(() => closeWorkOrder(w.id))} />
    </div>
  );
}

/** /workorder/workorderdetail?id=: one work order, its replies, a reply box and close. */
export default function WorkOrderDetailScreen() {
  const t = useT();
  return (
    <>
      <ScreenHeader title={t('workOrder.detailTitle')} backTo="/workorder/workorderlist" />
      <LoginRequired>
        <Detail />
      </LoginRequired>
    </>
  );
}
