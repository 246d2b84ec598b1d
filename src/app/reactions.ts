import type { LoginGateEmitted } from '../../machines/loginGate.machine';
import type { Reaction } from '../domain/codes';
import { t } from '../i18n/i18n';
import type { GateActor } from './gate';
import { showToast } from './toasts';

/** SPEC 8, Reactions: what the page does with an answer that is not a success. */
export function reactToFailure(gate: () => GateActor | undefined, reaction: Reaction): void {
  switch (reaction.kind) {
    case 'expel':
      gate()?.send({ type: 'SESSION_REJECTED' });
      return;
    case 'loginRequired':
      gate()?.send({ type: 'HTTP_400' });
      return;
    case 'frozen':
      frozenToast(reaction.detail);
      return;
    case 'toast':
      showToast(reaction.message || t('messages.serverRest'), 'error');
      return;
    case 'network':
      showToast(t('messages.networkError'), 'error');
      return;
  }
}

/** SPEC 6, 8: "Your account is frozen" plus the reason, for every refused action and the login. */
function frozenToast(reason: string): void {
  showToast(reason ? `${t('messages.accountFrozen')}: ${reason}` : t('messages.accountFrozen'), 'error');
}

/** The gate's notices as toasts, for as long as SPEC 9 says (login 1.5 s, token error 1 s). */
export function noticeToast(notice: Extract<LoginGateEmitted, { type: 'notice' }>): void {
  switch (notice.message) {
    case 'frozen':
      frozenToast(notice.detail);
      return;
    case 'loginRequired':
      showToast(t('messages.loginFirst'), 'info', 1500);
      return;
    case 'tokenError':
      showToast(t('messages.tokenError'), 'error', 1000);
      return;
    case 'piAuthFailed':
      showToast(t('messages.piAuthFailed'), 'error');
      return;
    case 'loginFailed':
      showToast(t('messages.loginFailed'), 'error');
      return;
  }
}
