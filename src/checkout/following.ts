// Following a payment while it awaits the payer's approval (and past its window, while the
// outcome is unknown): the follower's reads, the payer's "check now", and what the page says
// about the connection meanwhile. Follows for as long as the screen is pending or unknown.
import { effect, signal, untracked } from '@preact/signals';
import type { Clock } from '../api/clock';
import { getIntentView } from '../api/endpoints/checkout';
import type { ClientConfig } from '../api/http';
import { IN_WIDGET } from '../components/surface';
import { errorKind, failure } from './api-errors';
import { pollDelay, READ_FAILURES_BEFORE_NOTICE, UNKNOWN_POLL_FOR_MS, UNKNOWN_POLL_MS } from './constants';
import { createFollower, type HostPage } from './follower';
import type { Outcome } from './outcome';
import type { Attempt, Screen } from './screens';
import { attemptOf, followUntil } from './transition';

const isFollowed = (screen: Screen) => screen.name === 'pending' || screen.name === 'unknown';

interface Wiring {
  api: ClientConfig;
  intentId: string;
  clock: Clock;
  page: HostPage;
  outcome: Outcome;
  /** Aborted when the model is disposed. */
  signal: AbortSignal;
}

export function createFollowing({ api, intentId, clock, page, outcome, signal: aborted }: Wiring) {
  const { screen, intent, dispatch } = outcome;
  const online = signal(true);
  /** A check the payer asked for is under way. */
  const checking = signal(false);
  /** Reads keep failing while the page follows: the connection is the problem, and it says so. */
  const readTrouble = signal(false);
  /** When the last check the payer asked for found the attempt still waiting (null: none since it began). */
  const checkedAt = signal<number | null>(null);
  let failuresInARow = 0;
  /** The scheduled read under way that the service may hold until the payment changes. */
  let held: AbortController | null = null;
  if (!IN_WIDGET) aborted.addEventListener('abort', () => held && held.abort());

  /**
   * One read of the intent, shown; a failure is shown too unless the page is following. `known`:
   * what this page knows of the attempt it will show (by default the one on screen; null: nothing,
   * it is another tab's). `conditional`: the follower's reads, answered 304 by a service that has
   * the extension when nothing changed (the state last read whole then stands); any other read
   * (the payer's check after an error, a return online) asks for the whole state. `hold`: a
   * scheduled read the service may hold until the payment changes (ClientConfig.heldReadS); one
   * cut short (the payer wants it now) is no failure, and says nothing; nor does one the payer
   * overtakes with a new attempt (outcome.overtaken), which is of the attempt before.
   */
  async function read(known?: Attempt | null, conditional = false, holding?: AbortController | null): Promise<void> {
    // (None in widget.js: it never holds a read.)
    const hold = !IN_WIDGET && holding;
    const overtaken = outcome.overtaken();
    try {
      const read = await getIntentView(api, intentId, {
        signal: hold ? hold.signal : aborted,
        conditional,
        hold: !!hold,
      });
      if (overtaken()) return;
      outcome.apply(read, known === undefined ? attemptOf(screen.value) || null : known);
      failuresInARow = 0;
      readTrouble.value = false;
    } catch (error) {
      if (aborted.aborted || (hold && hold.signal.aborted) || overtaken()) return;
      // The intent was there and now is not (a service that lost its records, a restart of the
      // sandbox): no number of reads will bring it back, so the page says so instead of polling.
      if (intent.value && errorKind(error) === 'notFound') return void dispatch({ type: 'lost' });
      failuresInARow += 1;
      if (isFollowed(screen.value)) readTrouble.value = failuresInARow >= READ_FAILURES_BEFORE_NOTICE;
      else dispatch(failure(error, 'check'));
    } finally {
      // A read cut short hands over to the one read now, which says when it is done.
      if (!hold || !hold.signal.aborted) checking.value = false;
    }
  }

  const follower = createFollower({
    clock,
    page,
    // widget.js never asks for a held read (a merchant's page is another origin: see ClientConfig.heldReadS).
    read: IN_WIDGET
      ? () => read(undefined, true)
      : async (scheduled) => {
          const hold = scheduled ? new AbortController() : null;
          held = hold;
          await read(undefined, true, hold);
          held = null;
          // Cut short: what the payer asked for now, read now.
          if (hold && hold.signal.aborted && !aborted.aborted) await read(undefined, true);
        },
    cutShort: IN_WIDGET ? undefined : () => held && held.abort(),
    nextDelay() {
      const s = screen.value;
      if (!isFollowed(s)) return null;
      const now = clock.now();
      if (s.name === 'unknown') return now < followUntil(s.attempt) + UNKNOWN_POLL_FOR_MS ? UNKNOWN_POLL_MS : null;
      return pollDelay(now - s.attempt.startedAt);
    },
    onOnlineChange: (value) => (online.value = value),
  });

  // A screen that offers "check the payment status" (a confirm whose fate is unknown, reads that
  // failed) checks by itself once the connection comes back: the payer offline when pressing Pay
  // learns what happened without having to think of it.
  effect(() => {
    const s = screen.value;
    if (!page || s.name !== 'error' || s.recovery !== 'check') return;
    const onOnline = () => void read();
    page.addEventListener('online', onOnline);
    return () => page.removeEventListener('online', onOnline);
  });

  // Following starts with a pending screen and stops with anything else, or when the model goes.
  effect(() => {
    if (!isFollowed(screen.value)) {
      readTrouble.value = false;
      checkedAt.value = null;
      return;
    }
    untracked(follower.start);
    return follower.stop;
  });

  return {
    online,
    checking,
    checkedAt,
    readTrouble,
    read,
    /** "I have approved — check now", "check again": a read, never a new confirm; what it found is said. */
    async checkNow(): Promise<void> {
      checking.value = true;
      const failuresBefore = failuresInARow;
      const overtaken = outcome.overtaken();
      await (follower.active ? follower.now() : read());
      // (Of an attempt begun since, it found nothing.)
      if (!overtaken() && isFollowed(screen.value) && failuresInARow === failuresBefore) checkedAt.value = clock.now();
    },
  };
}

export type Following = ReturnType<typeof createFollowing>;
