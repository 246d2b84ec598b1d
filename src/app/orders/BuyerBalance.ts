import { useSelector } from '@xstate/react';
import { getUserInfo } from '../../api/users';
import { useGate } from '../gateContext';

/**
 * The account balance of the signed-in user (the user info's `balance`), and a way to read it again
 * after something moved money (a cancelled paid order is refunded to the balance). Reading it again
 * updates the session's user info in place (USER_UPDATED), so the account tab shows it too.
 */
export function useAccountBalance(): { balance: string | null; refresh: () => Promise<void> } {
  const gate = useGate();
  const balance = useSelector(gate, (s) => s.context.userInfo?.balance ?? null);
  const refresh = async () => {
    try {
      const info = await getUserInfo();
      if (gate.getSnapshot().matches('loggedIn')) gate.send({ type: 'USER_UPDATED', userInfo: info });
    } catch {
      // the shell has shown the failure; the balance shown stays the last one read
    }
  };
  return { balance, refresh };
}
