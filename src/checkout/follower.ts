// Follows a payment by reading it again and again: on a timer while the page is visible and
// online, at once when the payer comes back to the tab or the connection returns, and never two
// reads at a time. It owns every timer and listener it creates; stop() leaves nothing behind.
import type { Clock } from '../api/clock';

/** The page the checkout runs in, for visibility and connectivity; null where there is none. */
export type HostPage = Pick<Window, 'document' | 'navigator' | 'addEventListener' | 'removeEventListener'> | null;

export const currentPage = (): HostPage => (typeof window === 'undefined' ? null : window);

export interface FollowerOptions {
  clock: Clock;
  page: HostPage;
  /** One read of the payment; resolves when its result has been applied. */
  read(): Promise<void>;
  /** Milliseconds until the next read, or null when there is nothing more to follow. */
  nextDelay(): number | null;
  onOnlineChange(online: boolean): void;
}

export function createFollower({ clock, page: win, read, nextDelay, onOnlineChange }: FollowerOptions) {
  let timer: unknown;
  let reading: Promise<void> | null = null;
  let active = false;
  // `win && win.x` rather than `win?.x` here: cheaper once lowered to the engine floor.
  const hidden = () => !!win && win.document.visibilityState === 'hidden';
  const offline = () => !!win && win.navigator.onLine === false;

  function schedule() {
    clock.clearTimeout(timer);
    timer = undefined;
    if (!active || hidden() || offline()) return;
    const delay = nextDelay();
    if (delay === null) return;
    timer = clock.setTimeout(() => void now(), delay);
  }

  /** Reads at once (or joins the read under way), then schedules the next one. */
  function now(): Promise<void> {
    clock.clearTimeout(timer);
    reading ??= read().finally(() => {
      reading = null;
      schedule();
    });
    return reading;
  }

  const onVisibility = () => {
    if (!hidden() && active) void now();
  };
  const onOnline = () => {
    onOnlineChange(true);
    if (active) void now();
  };
  const onOffline = () => {
    onOnlineChange(false);
    schedule();
  };

  return {
    /** Begins following: the first read comes after nextDelay(). */
    start() {
      if (!active && win) {
        win.document.addEventListener('visibilitychange', onVisibility);
        win.addEventListener('online', onOnline);
        win.addEventListener('offline', onOffline);
      }
      active = true;
      if (offline()) onOnlineChange(false);
      if (!reading) schedule();
    },
    now,
    stop() {
      active = false;
      clock.clearTimeout(timer);
      timer = undefined;
      if (win) {
        win.document.removeEventListener('visibilitychange', onVisibility);
        win.removeEventListener('online', onOnline);
        win.removeEventListener('offline', onOffline);
      }
    },
    get active() {
      return active;
    },
  };
}
