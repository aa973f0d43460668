// Following a payment while it awaits the payer's approval (and past its window, while the
// outcome is unknown): the follower's reads, the payer's "check now", and what the page says
// about the connection meanwhile. Follows for as long as the screen is pending or unknown.
import { effect, signal, untracked } from '@preact/signals';
import type { Clock } from '../api/clock';
import { getIntentView } from '../api/endpoints/checkout';
import type { ClientConfig } from '../api/http';
import { errorKind, errorScreen } from './api-errors';
import { DEADLINE_GRACE_MS, pollDelay, READ_FAILURES_BEFORE_NOTICE, UNKNOWN_POLL_FOR_MS, UNKNOWN_POLL_MS } from './constants';
import { createFollower, type Page } from './follower';
import type { Outcome } from './outcome';
import type { Screen } from './screens';

const isFollowed = (screen: Screen) => screen.name === 'pending' || screen.name === 'unknown';

interface Wiring {
  api: ClientConfig;
  intentId: string;
  clock: Clock;
  page: Page;
  outcome: Outcome;
  /** Aborted when the model is disposed. */
  signal: AbortSignal;
}

export function createFollowing({ api, intentId, clock, page, outcome, signal: aborted }: Wiring) {
  const { screen, intent } = outcome;
  const online = signal(true);
  /** A check the payer asked for is under way. */
  const checking = signal(false);
  /** Reads keep failing while the page follows: the connection is the problem, and it says so. */
  const readTrouble = signal(false);
  let failuresInARow = 0;

  /** One read of the intent, shown; a failure is shown too unless the page is following. */
  async function read(): Promise<void> {
    try {
      outcome.apply(await getIntentView(api, intentId, { signal: aborted }));
      failuresInARow = 0;
      readTrouble.value = false;
    } catch (error) {
      if (aborted.aborted) return;
      // The intent was there and now is not (a service that lost its records, a restart of the
      // sandbox): no number of reads will bring it back, so the page says so instead of polling.
      if (intent.value && errorKind(error) === 'notFound') return void (screen.value = { name: 'error', error: 'lost', recovery: 'check' });
      failuresInARow += 1;
      if (isFollowed(screen.value)) readTrouble.value = failuresInARow >= READ_FAILURES_BEFORE_NOTICE;
      else screen.value = errorScreen(error, 'check');
    } finally {
      checking.value = false;
    }
  }

  const follower = createFollower({
    clock,
    page,
    read,
    nextDelay() {
      const s = screen.value;
      const attempt = outcome.attempt.value;
      if (!attempt || !isFollowed(s)) return null;
      const now = clock.now();
      if (s.name === 'unknown') return now < attempt.expiresAt + DEADLINE_GRACE_MS + UNKNOWN_POLL_FOR_MS ? UNKNOWN_POLL_MS : null;
      return pollDelay(now - attempt.startedAt);
    },
    onOnlineChange: (value) => (online.value = value),
  });

  // Following starts with a pending screen and stops with anything else, or when the model goes.
  effect(() => {
    if (!isFollowed(screen.value)) return void (readTrouble.value = false);
    untracked(follower.start);
    return follower.stop;
  });

  return {
    online,
    checking,
    readTrouble,
    read,
    /** "I have approved — check now", "check again": a read, never a new confirm. */
    checkNow(): Promise<void> {
      checking.value = true;
      return follower.active ? follower.now() : read();
    },
  };
}

export type Following = ReturnType<typeof createFollowing>;
