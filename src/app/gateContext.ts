import { createContext, useContext } from 'react';
import type { GateActor } from './gate';

export const GateContext = createContext<GateActor | null>(null);

/** The page's login gate actor, for screens that show or change the session. */
export function useGate(): GateActor {
  const gate = useContext(GateContext);
  if (!gate) throw new Error('useGate outside the shell');
  return gate;
}
