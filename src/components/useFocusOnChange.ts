import { useEffect, useRef } from 'preact/hooks';

/**
 * Moves focus to the returned element when `key` changes (not on first render), so keyboard and
 * screen-reader users land on the new screen's heading instead of on a button that vanished.
 * `quietFirstChange`: the first change is not the payer's doing either (leaving "loading"), so
 * focus stays where it is — else a widget would pull the merchant's page, focus and scroll, to
 * itself as it loads.
 */
export function useFocusOnChange<T extends HTMLElement>(key: unknown, quietFirstChange = false) {
  const ref = useRef<T>(null);
  const quietRuns = useRef(quietFirstChange ? 2 : 1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is what the effect follows (it runs when the key changes), not a value it reads
  useEffect(() => {
    if (quietRuns.current > 0) {
      quietRuns.current -= 1;
      return;
    }
    if (ref.current) ref.current.focus();
  }, [key]);
  return ref;
}
