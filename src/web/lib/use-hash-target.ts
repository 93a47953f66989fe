import { useEffect, useRef } from 'react';

/**
 * Lands a link to `#id` (e.g. /settings#recently-deleted from the import page) on its element once
 * `isReady` (its content loaded, so it has its height): scrolled to, and focused, so a keyboard or
 * screen-reader user goes on from there. The element needs `tabIndex={-1}`. Content loading above
 * it later does not move it out of view: the browser's scroll anchoring keeps it in place. Once a
 * page view; a hash naming something else does nothing.
 */
export function useHashTarget(id: string, isReady: boolean): void {
  const isDone = useRef(false);
  useEffect(() => {
    if (!isReady || isDone.current || window.location.hash !== `#${id}`) return;
    isDone.current = true;
    const target = document.getElementById(id);
    target?.scrollIntoView({ block: 'start' });
    target?.focus({ preventScroll: true });
  }, [id, isReady]);
}
