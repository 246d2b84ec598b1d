import { ScreenHeader } from '../../src/app/ScreenHeader';
import { go } from '../../src/app/navigation';
import { useResource } from '../../src/app/useResource';
import { isUserWithdrawable } from '../../src/api/withdrawal';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen, skeleton } from '../../src/theme/ui.css';
import * as css from './withdrawal.css';

/** /mine/authentication: the person's identity (KYC) status as the platform reports it, and how to complete it. */
export default function AuthenticationScreen() {
  const t = useT();
  const { data, reload } = useResource(isUserWithdrawable);
  return (
    <>
      <ScreenHeader title={t('withdrawal.kycTitle')} backTo="/my" />
      <div className={screen}>
        {!data && <div className={skeleton} style={{ height: 80 }} aria-busy="true" />}
        {data && (
          <section className={card}>
            <p className={css.status} data-testid="kyc-status" data-kyc={data.kyc}>
              {t('withdrawal.kycLabel', { status: t(`withdrawal.kyc.${data.kyc}`) })}
            </p>
            {data.kyc !== 'passed' && <p className={muted}>{t('withdrawal.kycHow')}</p>}
          </section>
        )}
        <button type="button" className={button({ tone: 'secondary', block: true })} onClick={reload}>
          ↻
        </button>
        <button type="button" className={button({ block: true })} onClick={() => go('/mine/repeatauthentication')}>
          {t('withdrawal.reauth')}
        </button>
      </div>
    </>
  );
}
