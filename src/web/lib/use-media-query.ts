import { useCallback, useSyncExternalStore } from 'react';

/** Below Tailwind's `sm` breakpoint: the phone layouts (trade cards, the filter sheet, breakdown cards). */
export const PHONE_QUERY = '(max-width: 639px)';

/** Whether the media query matches now, following its changes; false when rendered on the server. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** True on a phone-width screen (below 640 px). */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY);
}
