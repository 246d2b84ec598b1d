import { useState } from 'react';
import { addWorkOrder } from '../../src/api/chat';
import { buyerOrders } from '../../src/api/orders';
import { go, useScreenQuery } from '../../src/app/navigation';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { showToast } from '../../src/app/toasts';
import { UploadTiles } from '../../src/app/UploadTiles';
import { useUploadQueue } from '../../src/app/uploadQueue';
import { useResource } from '../../src/app/useResource';
import { useSubmit } from '../../src/app/useSubmit';
import { workOrderCategories, WorkOrderLimits, type WorkOrderCategory } from '../../src/domain/customerService';
import { workOrderInput, type WorkOrderInput } from '../../src/domain/schemas/customerService';
import { useT } from '../../src/i18n/react';
import { button, card } from '../../src/theme/ui.css';
import * as css from './chat.css';
import { LoginRequired } from './LoginRequired';

/** The locale key of the form's first problem, from the very schema the server checks. */
function problemOf(values: WorkOrderInput): string | null {
  const parsed = workOrderInput.safeParse(values);
  if (parsed.success) return null;
  const field = String(parsed.error.issues[0]?.path[0] ?? 'description');
  return field === 'orderNo' ? 'workOrder.problems.orderNo' : field === 'images' ? 'workOrder.problems.images' : field === 'category' ? 'workOrder.problems.category' : 'workOrder.problems.description';
}

function Form() {
  const t = useT();
  const query = useScreenQuery();
  const [orderNo, setOrderNo] = useState(query.get('orderNo') ?? '');
  const [category, setCategory] = useState<WorkOrderCategory>('order');
  const [description, setDescription] = useState('');
  const uploads = useUploadQueue({ onRepeated: () => showToast(t('messages.doNotUploadRepeatedly'), 'error') });
  // The person's recent orders, offered as they type the number.
  const recent = useResource(() => buyerOrders('all').catch(() => []));
  const send = useSubmit(
    async (values: WorkOrderInput) => {
      try {
        return await addWorkOrder(values);
      } catch (error) {
        // SPEC 8: "Submission Failed", also for a work order; the server's own words when it gave some.
        showToast(error instanceof Error && error.message !== 'network' ? error.message : t('messages.submissionFailed'), 'error');
        throw error;
      }
    },
    problemOf,
    (w) => {
      showToast(t('workOrder.submitted'), 'success');
      go(`/workorder/workorderdetail?id=${w.id}`, { replace: true });
    },
  );
  return (
    <form
      className={card}
      style={{ margin: 16, display: 'grid', gap: 16 }}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send.submit({ orderNo: orderNo.trim(), category, description: description.trim(), images: uploads.images.map((image) => image.id) });
      }}
    >
      <label className={css.field}>
        <span>{t('workOrder.orderNo')}</span>
        <input className={css.textInput} value={orderNo} onChange={(e) => setOrderNo(e.target.value)} data-testid="workorder-orderno" autoComplete="off" list="workorder-recent-orders" />
        <datalist id="workorder-recent-orders">
          {(recent.data ?? []).map((o) => (
            <option key={o.id} value={o.orderNo}>
              {o.items[0]?.title ?? ''}
            </option>
          ))}
        </datalist>
      </label>
      <label className={css.field}>
        <span>{t('workOrder.category')}</span>
        <select className={css.textInput} value={category} onChange={(e) => setCategory(e.target.value as WorkOrderCategory)} data-testid="workorder-category">
          {workOrderCategories.map((c) => (
            <option key={c} value={c}>
              {t(`workOrder.categories.${c}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={css.field}>
        <span>{t('workOrder.description')}</span>
        <textarea className={css.textArea} value={description} maxLength={WorkOrderLimits.descriptionMax} onChange={(e) => setDescription(e.target.value)} data-testid="workorder-description" />
      </label>
      <div className={css.field} role="group" aria-labelledby="workorder-images-label">
        <span id="workorder-images-label">{t('workOrder.images', { max: WorkOrderLimits.imagesMax })}</span>
        <UploadTiles queue={uploads} max={WorkOrderLimits.imagesMax} addLabel={t('workOrder.addImage')} testIds={{ tile: 'workorder-image', input: 'workorder-image-file', add: 'workorder-image-add' }} />
      </div>
      {send.problem ? (
        <p className={css.problem} role="alert" data-testid="workorder-problem">
          {t(send.problem)}
        </p>
      ) : null}
      <button type="submit" className={button({ block: true })} disabled={send.submitting || uploads.busy} data-testid="workorder-submit">
        {t('workOrder.submit')}
      </button>
    </form>
  );
}

/** /workorder/workorderadd: a work order for one of the person's own orders (SPEC 5: it needs an order number). */
export default function WorkOrderAddScreen() {
  const t = useT();
  return (
    <>
      <ScreenHeader title={t('workOrder.addTitle')} backTo="/workorder/workorderlist" />
      <LoginRequired>
        <Form />
      </LoginRequired>
    </>
  );
}
