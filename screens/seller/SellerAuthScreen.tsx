import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { applyToSell, getMyApplication } from '../../src/api/catalogue';
import { useGate } from '../../src/app/gateContext';
import { go, useScreenQuery } from '../../src/app/navigation';
import { logInAndComeBack } from '../../src/app/returnTo';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { showToast } from '../../src/app/toasts';
import { useResource } from '../../src/app/useResource';
import { useSubmit } from '../../src/app/useSubmit';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen, skeleton } from '../../src/theme/ui.css';
import * as css from './seller.css';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

function ApplicationForm({ onSent }: { onSent: () => void }) {
  const t = useT();
  const [form, setForm] = useState({ storeName: '', realName: '', email: '', description: '' });
  const send = useSubmit(
    (values: typeof form) => applyToSell(values),
    (v) => (!v.storeName.trim() || !v.realName.trim() ? 'errors.invalidField' : !emailPattern.test(v.email.trim()) ? 'messages.incorrectEmail' : null),
    () => {
      showToast(t('catalogue.sellerAuth.sent'), 'success');
      onSent();
    },
  );
  const field = (key: keyof typeof form, label: string, multiline = false) => (
    <div className={css.field}>
      <label htmlFor={`apply-${key}`} className={css.label}>
        {label}
      </label>
      {multiline ? (
        <textarea id={`apply-${key}`} className={css.textarea} value={form[key]} maxLength={1000} onChange={(e) => setForm({ ...form, [key]: e.target.value })} />
      ) : (
        <input id={`apply-${key}`} className={css.input} value={form[key]} maxLength={80} onChange={(e) => setForm({ ...form, [key]: e.target.value })} />
      )}
    </div>
  );
  return (
    <form
      className={css.form}
      data-testid="seller-apply-form"
      onSubmit={(e) => {
        e.preventDefault();
        send.submit(form);
      }}
    >
      <p className={muted}>{t('catalogue.sellerAuth.stepOne')}</p>
      {field('storeName', t('catalogue.sellerAuth.storeName'))}
      {field('realName', t('catalogue.sellerAuth.realName'))}
      {field('email', t('catalogue.sellerAuth.email'))}
      {field('description', t('catalogue.sellerAuth.description'), true)}
      {send.problem ? (
        <p className={css.error} role="alert">
          {t(send.problem, { field: t('catalogue.sellerAuth.storeName'), detail: '' })}
        </p>
      ) : null}
      <button type="submit" className={button({})} disabled={send.submitting}>
        {t('catalogue.sellerAuth.submit')}
      </button>
    </form>
  );
}

/**
 * Seller authentication: /mine/seller/authentication (status and intro), /mine/seller/sellerauthentication
 * (the same, entered from the seller centre) and /mine/seller/sellerauthenticationstepone (the application form).
 */
export default function SellerAuthScreen({ step }: { step?: 'one' }) {
  const t = useT();
  useScreenQuery();
  const gate = useGate();
  const user = useSelector(gate, (s) => s.context.userInfo);
  // Read afresh each time this kept-alive screen is shown (staff decide elsewhere).
  const status = useResource(() => (user ? getMyApplication() : Promise.resolve(null)));
  const [applying, setApplying] = useState(step === 'one');
  const app = status.data?.application ?? null;
  const seller = (status.data?.seller ?? false) || (user?.roles.includes('seller') ?? false);
  // Approved since the user info was fetched: fetch it again so the seller's screens open.
  const stale = (status.data?.seller ?? false) && !(user?.roles.includes('seller') ?? false);
  useEffect(() => {
    if (stale) gate.send({ type: 'REFRESH_USER' });
  }, [stale, gate]);
  return (
    <>
      <ScreenHeader title={t('catalogue.sellerAuth.title')} />
      <div className={screen}>
        {status.state === 'loading' ? <div className={skeleton} style={{ height: 120 }} /> : null}
        {status.state === 'ready' && !user ? (
          <section className={card}>
            <p className={muted}>{t('catalogue.sellerAuth.intro')}</p>
            <button type="button" className={button({})} style={{ marginTop: 12 }} onClick={logInAndComeBack}>
              {t('messages.loginFirst')}
            </button>
          </section>
        ) : null}
        {status.state === 'ready' && user ? (
          <section className={card} data-testid="seller-auth-status">
            {seller ? (
              <>
                <p>{t('catalogue.sellerAuth.approved')}</p>
                <button type="button" className={button({})} onClick={() => go('/publish')}>
                  {t('catalogue.sellerAuth.publishNow')}
                </button>
              </>
            ) : app?.status === 'pending' ? (
              <p>{t('catalogue.sellerAuth.pending')}</p>
            ) : applying ? (
              <ApplicationForm
                onSent={() => {
                  setApplying(false);
                  status.reload();
                }}
              />
            ) : (
              <>
                {app?.status === 'refused' ? <p className={css.reason}>{t('catalogue.sellerAuth.refused', { reason: app.reason ?? '' })}</p> : <p className={muted}>{t('catalogue.sellerAuth.intro')}</p>}
                <button type="button" className={button({})} style={{ marginTop: 12 }} onClick={() => setApplying(true)} data-testid="apply-start">
                  {app?.status === 'refused' ? t('catalogue.sellerAuth.applyAgain') : t('catalogue.sellerAuth.start')}
                </button>
              </>
            )}
          </section>
        ) : null}
      </div>
    </>
  );
}
