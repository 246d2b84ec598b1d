import { useRef } from 'react';
import { back, currentLocation } from './navigation';

/**
 * Back from this screen once something it started is done (a save, a shipment, a new authentication), but only
 * while the person is still on it. A person who left while the answer was on its way stays where they went:
 * before, a nickname saved slowly pulled the account tab back to the form (`history.back()` from /my).
 */
export function useBackFromHere(fallback: string): () => void {
  const here = useRef(currentLocation().path);
  return () => {
    if (currentLocation().path === here.current) back(fallback);
  };
}
