import { LegalText } from './LegalText';

export default function PrivacyScreen() {
  return <LegalText titleKey="legal.privacyTitle" bodyKey="legal.privacyBody" />;
}
