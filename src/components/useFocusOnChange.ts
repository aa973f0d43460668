import { useEffect, useRef } from 'preact/hooks';

/**
 * Moves focus to the returned element when `key` changes (not on first render), so keyboard and
 * screen-reader users land on the new screen's heading instead of on a button that vanished.
 */
export function useFocusOnChange<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
  }, [key]);
  return ref;
}
