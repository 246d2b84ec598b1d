import { Notice } from './Notice';

export default function NotFoundScreen() {
  return <Notice icon="🧭" textKey="app.notFound" />;
}
