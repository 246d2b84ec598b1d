import { t } from '../i18n/i18n';
import { currentLocation, go, rememberReturn } from './navigation';
import { showToast } from './toasts';

/** A visitor's way to log in and come back to the page that asked for it (the memory is in ./navigation.ts). */

/** Opens the login entry, which brings the visitor back to this page once they are in. */
export function logInAndComeBack(): void {
  const { path, search } = currentLocation();
  rememberReturn(`${path}${search}`);
  go('/new-my');
}

/** A visitor's action that needs a session: say so, then log in and come back. */
export function askToLogIn(): void {
  showToast(t('messages.loginFirst'), 'error');
  logInAndComeBack();
}
