import { ScreenHeader } from '../../src/app/ScreenHeader';
import { go } from '../../src/app/navigation';
import { useT } from '../../src/i18n/react';
import { button, screen } from '../../src/theme/ui.css';
import { KycSection } from './KycSection';

/** /mine/authentication: the person's identity check (KYC), kept by the product (issue 27): status, details, history. */
export default function AuthenticationScreen() {
  const t = useT();
  return (
    <>
      <ScreenHeader title={t('withdrawal.kycTitle')} backTo="/my" />
      <div className={screen}>
        <KycSection />
        <button type="button" className={button({ block: true })} onClick={() => go('/mine/repeatauthentication')}>
          {t('withdrawal.reauth')}
        </button>
      </div>
    </>
  );
}
