// Following a payment while it awaits the payer's approval (and past its window, while the
// outcome is unknown): the follower's reads, the payer's "check now", and what the page says
// about the connection meanwhile. Follows for as long as the screen is pending or unknown.
import { effect, type Signal, untracked } from '@preact/signals';
import type { Clock } from '../api/clock';
import { getIntentView } from '../api/endpoints/checkout';
import type { ClientConfig } from '../api/http';
import type { PaymentIntentView as PaymentIntent } from '../api/types';
import { errorKind, failure } from './api-errors';
import {
  HANDED_ON_POLL_MS,
  pollDelay,
  READ_FAILURES_BEFORE_NOTICE,
  UNKNOWN_POLL_FOR_MS,
  UNKNOWN_POLL_MS,
} from './constants';
import { createFollower, type HostPage } from './follower';
import type { Outcome } from './outcome';
import type { Attempt, Screen } from './screens';
import { askReceiptLink, type ReceiptLinkAsk } from './receipt-link';
import { attemptOf, followUntil } from './transition';

const isFollowed = (screen: Screen) =>
  screen.name === 'pending' || screen.name === 'unknown' || screen.name === 'shared' || screen.name === 'elsewhere';

interface Wiring {
  api: ClientConfig;
  intentId: string;
  /** Only for the receipt link (./receipt-link.ts). */
  clientSecret: string;
  clock: Clock;
  page: HostPage;
  outcome: Outcome;
  /** Aborted when the model is disposed: it ends this following's effects too (made outside createModel, as the part arrives). */
  signal: AbortSignal;
  /**
   * widget.js (the model's IN_WIDGET, passed on: this module is in the screens' part, built for no
   * surface, so it cannot read the flag itself): reads no service holds (see ClientConfig.heldReadS).
   */
  inWidget: boolean;
  /** What the page shows of the following, made by the model (its signals exist before this part arrives). */
  shown: FollowingSignals;
}

export interface FollowingSignals {
  online: Signal<boolean>;
  /** A check the payer asked for is under way. */
  checking: Signal<boolean>;
  /** Reads keep failing while the page follows: the connection is the problem, and it says so. */
  readTrouble: Signal<boolean>;
  /** When the last check the payer asked for found the attempt still waiting (null: none since it began). */
  checkedAt: Signal<number | null>;
}

export function createFollowing({
  api,
  intentId,
  clientSecret,
  clock,
  page,
  outcome,
  signal: aborted,
  inWidget,
  shown,
}: Wiring) {
  const { screen, intent, dispatch } = outcome;
  const { online, checking, readTrouble, checkedAt } = shown;
  let failuresInARow = 0;
  /** The scheduled read under way that the service may hold until the payment changes. */
  let held: AbortController | null = null;
  /**
   * The attempt this page sent whose confirm's answer was lost (./send), until the payer begins
   * another: a read that finds an attempt paid from its number shows it as this page's — its step,
   * its code to type — where the screen (an error, the form) holds no attempt; a relative's page
   * would otherwise take it for another phone's (outcome.apply).
   */
  let unanswered: { attempt: Attempt; mine: (read: PaymentIntent) => boolean; overtaken: () => boolean } | null = null;
  if (!inWidget) aborted.addEventListener('abort', () => held && held.abort());

  /**
   * One read of the intent, shown; a failure is shown too unless the page is following. `known`:
   * what this page knows of the attempt it will show (by default the one on screen; null: nothing,
   * it is another tab's). `conditional`: the follower's reads, answered 304 by a service that has
   * the extension when nothing changed (the state last read whole then stands); any other read
   * (the payer's check after an error, a return online) asks for the whole state. `hold`: a
   * scheduled read the service may hold until the payment changes (ClientConfig.heldReadS); one
   * cut short (the payer wants it now) is no failure, and says nothing; nor does one the payer
   * overtakes with a new attempt (outcome.overtaken), which is of the attempt before. `theirs`: says
   * of the intent read whether its attempt is another phone's (outcome.apply).
   */
  async function read(
    known?: Attempt | null,
    conditional = false,
    holding?: AbortController | null,
    theirs?: (read: PaymentIntent) => boolean,
  ): Promise<void> {
    // (None in widget.js: it never holds a read.)
    const hold = !inWidget && holding;
    const overtaken = outcome.overtaken();
    try {
      const read = await getIntentView(api, intentId, {
        signal: hold ? hold.signal : aborted,
        conditional,
        hold: !!hold,
      });
      if (overtaken()) return;
      const own = unanswered && !unanswered.overtaken() && unanswered.mine(read) ? unanswered.attempt : null;
      const shown = known === undefined ? attemptOf(screen.value) || own : known;
      // Another phone's attempt (outcome.apply): once `elsewhere`, every read is, which the page
      // follows to its end; and one of another charge than the attempt this page showed (it ended
      // and another phone's began between two reads), never shown as this page's.
      outcome.apply(
        read,
        shown,
        screen.value.name === 'elsewhere' ||
          (!!shown && !!shown.chargeId && !!read.charge_id && shown.chargeId !== read.charge_id) ||
          (!!theirs && theirs(read)),
      );
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
    read: inWidget
      ? () => read(undefined, true)
      : async (scheduled) => {
          const hold = scheduled ? new AbortController() : null;
          held = hold;
          await read(undefined, true, hold);
          held = null;
          // Cut short: what the payer asked for now, read now.
          if (hold && hold.signal.aborted && !aborted.aborted) await read(undefined, true);
        },
    cutShort: inWidget ? undefined : () => held && held.abort(),
    nextDelay() {
      const s = screen.value;
      if (!isFollowed(s)) return null;
      const now = clock.now();
      if (s.name === 'unknown') return now < followUntil(s.attempt) + UNKNOWN_POLL_FOR_MS ? UNKNOWN_POLL_MS : null;
      // Handed on: someone else pays when they can, minutes or hours from now; another phone's
      // attempt, the same pace (its window and its step are theirs, not known here).
      if (s.name === 'shared' || s.name === 'elsewhere') return HANDED_ON_POLL_MS;
      return pollDelay(now - s.attempt.startedAt);
    },
    onOnlineChange: (value) => (online.value = value),
  });

  // A screen that offers "check the payment status" (a confirm whose fate is unknown, reads that
  // failed) checks by itself once the connection comes back: the payer offline when pressing Pay
  // learns what happened without having to think of it.
  const ends = [
    effect(() => {
      const s = screen.value;
      if (!page || s.name !== 'error' || s.recovery !== 'check') return;
      const onOnline = () => void read();
      page.addEventListener('online', onOnline);
      return () => page.removeEventListener('online', onOnline);
    }),

    // Following starts with a pending screen and stops with anything else, or when the model goes.
    effect(() => {
      if (!isFollowed(screen.value)) {
        readTrouble.value = false;
        checkedAt.value = null;
        return;
      }
      untracked(follower.start);
      return follower.stop;
    }),
  ];
  const end = () => {
    for (const stop of ends) stop();
  };
  // (A model disposed before its part arrived: nothing is followed.)
  if (aborted.aborted) end();
  else aborted.addEventListener('abort', end);

  return {
    online,
    checking,
    checkedAt,
    readTrouble,
    read,
    /** The attempt this page sent, its confirm's answer lost: `mine` says of a read whether it found it (see `unanswered`). */
    unanswered(attempt: Attempt, mine: (read: PaymentIntent) => boolean): void {
      unanswered = { attempt, mine, overtaken: outcome.overtaken() };
    },
    /** "I have approved — check now", "check again": a read, never a new confirm; what it found is said. */
    async checkNow(): Promise<void> {
      checking.value = true;
      const failuresBefore = failuresInARow;
      const overtaken = outcome.overtaken();
      await (follower.active ? follower.now() : read());
      // (Of an attempt begun since, it found nothing.)
      if (!overtaken() && isFollowed(screen.value) && failuresInARow === failuresBefore) checkedAt.value = clock.now();
    },
    /** "Keep a link": the payment's lasting receipt link, from the checkout and in the language `ask` names. */
    receiptLink: (ask: ReceiptLinkAsk): Promise<string> => askReceiptLink(ask, intentId, clientSecret, aborted),
  };
}

export type Following = ReturnType<typeof createFollowing>;
