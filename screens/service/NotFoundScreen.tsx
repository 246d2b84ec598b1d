import { Notice } from './Notice';

export default function NotFoundScreen() {
  return <Notice icon="mapPin" textKey="app.notFound" />;
}
