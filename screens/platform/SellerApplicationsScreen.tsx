import { useState } from 'react';
import { decideSellerApplication, getSellerApplications } from '../../src/api/catalogue';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { useResource } from '../../src/app/useResource';
import { useSubmit } from '../../src/app/useSubmit';
import type { SellerApplication } from '../../src/domain/types/catalogue';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen, skeleton } from '../../src/theme/ui.css';
import * as desk from './desk.css';

function Application({ app, onDone }: { app: SellerApplication; onDone: () => void }) {
  const t = useT();
  const [reason, setReason] = useState('');
  const act = useSubmit(
    ({ decision, reason: why }: { decision: 'approve' | 'refuse'; reason: string }) => decideSellerApplication(app.id, decision, decision === 'refuse' ? why.trim() : undefined),
    ({ decision, reason: why }) => (decision === 'refuse' && !why.trim() ? 'catalogue.rules.reasonRequired' : null),
    onDone,
  );
  return (
    <article className={card} data-testid="application" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <strong>{app.storeName}</strong>
      <span className={muted}>
        @{app.username} · {app.realName} · {app.email}
      </span>
      {app.description ? <p className={muted}>{app.description}</p> : null}
      <label style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
        {t('catalogue.console.reason')}
        <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} style={{ minHeight: 40, padding: '0 8px', borderRadius: 8, border: '1px solid #ccc', font: 'inherit' }} />
      </label>
      {act.problem ? (
        <p role="alert" className={desk.alertText}>
          {t(act.problem)}
        </p>
      ) : null}
      <div style={{ display: 'flex', gap: 8 }}>
        <button type="button" className={button({})} disabled={act.submitting} onClick={() => act.submit({ decision: 'approve', reason })} data-testid="application-approve">
          {t('catalogue.console.approve')}
        </button>
        <button type="button" className={button({ tone: 'danger' })} disabled={act.submitting} onClick={() => act.submit({ decision: 'refuse', reason })} data-testid="application-refuse">
          {t('catalogue.console.refuse')}
        </button>
      </div>
    </article>
  );
}

/** Console: pending applications to sell; approve (the user becomes a seller) or refuse with a reason. */
export default function SellerApplicationsScreen() {
  const t = useT();
  const { state, data, reload } = useResource<SellerApplication[]>(getSellerApplications);
  return (
    <>
      <ScreenHeader title={t('catalogue.console.applicationsTitle')} backTo="/platform/console" />
      <div className={screen}>
        {state === 'loading' ? <div className={skeleton} style={{ height: 160 }} /> : null}
        {state === 'ready' && !data?.length ? <p className={muted}>{t('catalogue.console.empty')}</p> : null}
        {(data ?? []).map((a) => (
          <Application key={a.id} app={a} onDone={reload} />
        ))}
      </div>
    </>
  );
}
