import { useEffect, useState } from 'preact/hooks';

/** Milliseconds left until `deadline` by the model's clock, refreshed every second while shown. */
export function useCountdown(deadline: number, clock: () => number): number {
  const [now, setNow] = useState(clock);
  useEffect(() => {
    const timer = setInterval(() => setNow(clock()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return Math.max(0, deadline - now);
}
