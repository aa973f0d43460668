import { useEffect, useRef } from 'preact/hooks';

/**
 * Moves focus to the returned element when `key` changes (not on first render), so keyboard and
 * screen-reader users land on the new screen's heading instead of on a button that vanished.
 * `quiet`: while true (the page is loading), the next change is not the payer's doing either, so
 * focus stays where it is — else a widget would pull the merchant's page, focus and scroll, to
 * itself as it loads. Leaving it is that change even when the key stays (loading shows the form
 * already): the payer's first press after it is followed.
 */
export function useFocusOnChange<T extends HTMLElement>(key: unknown, quiet = false) {
  const ref = useRef<T>(null);
  // The key and quietness of the last render the effect saw (none before the first).
  const last = useRef<[unknown, boolean] | null>(null);
  useEffect(() => {
    const before = last.current;
    last.current = [key, quiet];
    if (before && before[0] !== key && !before[1] && ref.current) ref.current.focus();
  }, [key, quiet]);
  return ref;
}
