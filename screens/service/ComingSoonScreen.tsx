import { Notice } from './Notice';

/** Shown by routes whose screens have not landed yet. */
export default function ComingSoonScreen() {
  return <Notice icon="🚧" textKey="app.comingSoon" />;
}
