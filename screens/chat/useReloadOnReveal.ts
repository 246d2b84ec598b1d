import { useEffect, useRef } from 'react';

/**
 * A kept-alive screen is hidden with its effects unmounted, and they mount again when it is shown:
 * so this reloads the screen's data each time it is shown again (not on its first showing).
 */
export function useReloadOnReveal(reload: () => void): void {
  const first = useRef(true);
  const latest = useRef(reload);
  latest.current = reload;
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    latest.current();
  }, []);
}
