import { LegalText } from './LegalText';

export default function AgreementScreen() {
  return <LegalText titleKey="legal.agreementTitle" bodyKey="legal.agreementBody" />;
}
