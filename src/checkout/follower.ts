// Follows a payment by reading it again and again: on a timer while the page is visible and
// online, at once when the payer comes back to the tab or the connection returns, and never two
// reads at a time. Each delay counts from when the read before it was sent: after a read the
// service held until something changed (or as long as it may), the next goes at once once the
// delay is past. It owns every timer and listener it creates; stop() leaves nothing behind.
import type { Clock } from '../api/clock';

/** The page the checkout runs in, for visibility and connectivity; null where there is none. */
export type HostPage = Pick<Window, 'document' | 'navigator' | 'addEventListener' | 'removeEventListener'> | null;

export interface FollowerOptions {
  clock: Clock;
  page: HostPage;
  /**
   * One read of the payment; resolves when its result has been applied. `scheduled`: on the timer,
   * one the service may hold until the payment changes; else wanted now (the payer's check, their
   * return to the tab or online).
   */
  read(scheduled: boolean): Promise<void>;
  /**
   * A read wanted now while one is under way: a read the service holds is cut short, and read again
   * at once. None (widget.js, whose reads no service holds): each delay counts from the answer.
   */
  cutShort?(): void;
  /** Milliseconds until the next read, or null when there is nothing more to follow. */
  nextDelay(): number | null;
  onOnlineChange(online: boolean): void;
}

export function createFollower({ clock, page: win, read, nextDelay, onOnlineChange, cutShort }: FollowerOptions) {
  let timer: unknown;
  let reading: Promise<void> | null = null;
  /** When the last read was sent (0: none in this stretch of following). */
  let sentAt = 0;
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
    // (widget.js, whose reads no service holds, counts from the answer, as reads that take no time.)
    timer = clock.setTimeout(
      () => void now(true),
      cutShort && sentAt ? Math.max(0, delay - (clock.now() - sentAt)) : delay,
    );
  }

  /** Reads at once (or joins the read under way), then schedules the next one. */
  function now(scheduled?: boolean): Promise<void> {
    clock.clearTimeout(timer);
    if (reading && cutShort) cutShort();
    if (cutShort && !reading) sentAt = clock.now();
    reading ??= read(!!scheduled).finally(() => {
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
      if (!reading) {
        // A new stretch of following (another attempt): its first read a whole delay after its start.
        sentAt = 0;
        schedule();
      }
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
