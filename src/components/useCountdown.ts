import { useEffect, useState } from 'preact/hooks';

/** Milliseconds left until `deadline`, refreshed every second while the component is shown. */
export function useCountdown(deadline: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return Math.max(0, deadline - now);
}
