// The sending half of paying (./confirm has the payer's press): one confirm sent once, and a
// confirm whose answer was lost never sent again — the page reads the intent to find the attempt it
// may have started (a confirm held up on the way can land late), and says that no charge has reached
// the service only once it has looked long enough — never that nothing was charged, which only the
// service could say. A one-time code the service asks for is sent the same way: once, and never
// again after an answer that was lost. The hosted page and widget.js fetch it with the screens after
// the form (src/hosted/screens.part.ts), as the payer first touches the form: ./sending says how the
// model reaches it.
import { type Clock, pause } from '../api/clock';
import { answerStepView, confirmIntentView, getIntentView } from '../api/endpoints/checkout';
import { isApiError, mayHaveTakenEffect } from '../api/errors';
import type { ClientConfig } from '../api/http';
import type { ConfirmRequest, ConfirmResultView, PaymentIntentView as PaymentIntent } from '../api/types';
import { METHOD } from '../methods';
import { screenViewsOf } from '../methods/screen-views';
import { failure, refusedField } from './api-errors';
import { CONFIRM_LATE_CHECK_MS, CONFIRM_SETTLE_MS } from './constants';
import type { Following } from './following';
import type { Form } from './form';
import type { Outcome } from './outcome';
import type { Attempt } from './screens';
import { attemptFromAnswer } from './status';
import { attemptOf } from './transition';

/** The payer's answer to a step, as the step's script sends it (src/methods/<method>/steps/<name>.ts). */
export interface StepAnswer {
  /** The step's endpoint, under the intent's: `POST /v1/payment-intents/{id}/<path>`. */
  path: string;
  /** What the endpoint takes besides the client secret (the one-time code's `{ code }`). */
  body: Readonly<Record<string, string>>;
  /** The service's refusals that end the attempt (the code's `otp_expired`): the step's knowledge. */
  ends?: readonly string[];
}

export interface SendingWiring {
  api: ClientConfig;
  intentId: string;
  clientSecret: string;
  clock: Clock;
  form: Form;
  outcome: Outcome;
  following: Following;
  /** Aborted when the model is disposed. */
  signal: AbortSignal;
}

export function createSending({
  api,
  intentId,
  clientSecret,
  clock,
  form,
  outcome,
  following,
  signal: aborted,
}: SendingWiring) {
  const { screen, dispatch } = outcome;

  /** The service's answer to a confirm or a code: paid, awaiting the payer, or what the intent says. */
  async function answered(result: ConfirmResultView, attempt: Attempt) {
    if (result.status === 'succeeded') {
      dispatch({
        type: 'paid',
        receipt: {
          amount: result.amount,
          currency: result.currency,
          method: attempt.method,
          reference: result.id,
          date: result.updatedAt,
        },
      });
    } else if (result.status === 'pending') {
      dispatch({ type: 'await', attempt: attemptFromAnswer(attempt, result) });
    } else {
      // Failed at once, or a status this page does not know: the intent says what it means.
      await following.read();
    }
  }

  async function recover(error: unknown, started: Attempt, chargesBefore: number) {
    if (form.refuse(refusedField(error) || ''))
      return void dispatch({ type: 'notice', notice: { key: 'form.fixErrors' } });
    if (isApiError(error) && error.status === 429) {
      return void dispatch({
        type: 'notice',
        notice: { key: 'error.rateLimited', params: { seconds: error.retryAfter ?? 30 } },
      });
    }
    // Another tab's attempt (or one that began meanwhile): shown as the service tells it, with its
    // number and wallet, never with what this tab typed — when it is this form's number; another
    // number's (a relative the payment was handed on to pressed Pay first) is another phone's, of
    // which nothing is shown (outcome.apply; a relative's page shows none but its own anyway).
    if (isApiError(error) && error.status === 409) {
      const view = METHOD.view(form.values.value);
      return following.read(null, false, null, (read) => {
        const paid = read.payment_method;
        return !!paid && !screenViewsOf(view).paidFrom(view, paid);
      });
    }
    if (!mayHaveTakenEffect(error)) return void dispatch(failure(error, null));
    // The confirm may have reached the operator: find out from the service, never send it again.
    // An attempt found paid from the form's number is this page's (its step shown, its code typed
    // here), whatever screen the page is on by then; one from another number is another phone's.
    const view = METHOD.view(form.values.value);
    const mine = (read: PaymentIntent) =>
      !read.payment_method || screenViewsOf(view).paidFrom(view, read.payment_method);
    following.unanswered(started, mine);
    const knownOf = (read: PaymentIntent) => attemptOf(screen.value) || (mine(read) ? started : null);
    const settled = await lookForAttempt(chargesBefore, CONFIRM_SETTLE_MS, () => true, knownOf);
    if (settled === 'found' || aborted.aborted) return;
    if (!settled) return void dispatch({ type: 'fail', error: 'confirmUnknown', recovery: 'check' });
    outcome.learn({ intent: settled });
    dispatch({ type: 'notice', notice: { key: 'error.notSent' } });
    // Held up longer still, it would start an approval on the payer's phone: keep looking, quietly,
    // for as long as the payer has not tried again, and follow it if it comes.
    void lookForAttempt(chargesBefore, CONFIRM_LATE_CHECK_MS, () => screen.value.name === 'form', knownOf);
  }

  /**
   * Reads the intent after each pause while `stillWanted()` and the payer has begun no attempt
   * since (outcome.overtaken: a quiet look stops at their next confirm); an attempt that was not
   * there before is shown at once ('found'), as this page's attempt or not (`knownOf`). Otherwise answers the last read, which showed none,
   * or undefined if every read failed.
   */
  async function lookForAttempt(
    chargesBefore: number,
    pauses: readonly number[],
    stillWanted: () => boolean,
    knownOf: (read: PaymentIntent) => Attempt | null,
  ) {
    const overtaken = outcome.overtaken();
    let unchanged: PaymentIntent | undefined;
    for (const ms of pauses) {
      if (ms) await pause(clock, ms, aborted);
      if (aborted.aborted || overtaken() || !stillWanted()) return unchanged;
      const read = await getIntentView(api, intentId, { signal: aborted }).catch(() => undefined);
      if (!read || aborted.aborted || overtaken() || !stillWanted()) continue;
      if (read.status !== 'requires_payment_method' || read.event.charges.length !== chargesBefore) {
        outcome.apply(read, knownOf(read));
        return 'found';
      }
      unchanged = read;
    }
    return unchanged;
  }

  return {
    /**
     * Sends the confirm of `started`, the attempt the page has just begun (the screen says it is on
     * its way: ./confirm), once: a lost answer is settled by reading, never by sending again.
     * `chargesBefore`: the charges the intent had, to tell a new attempt from an old one.
     */
    async confirm(body: ConfirmRequest, started: Attempt, chargesBefore: number): Promise<boolean> {
      try {
        await answered(
          await confirmIntentView(api, intentId, body, { idempotencyKey: newIdempotencyKey(), signal: aborted }),
          started,
        );
        return true;
      } catch (error) {
        if (!aborted.aborted) await recover(error, started, chargesBefore);
        return false;
      }
    },

    /**
     * The payer's answer to the step the service asks for (the one-time code they generated), at the
     * step's endpoint: sent once, with an Idempotency-Key. A refused answer is said on the step, with
     * the service's reason (one the step says ends the attempt, ends it: ./transition), and settled by
     * reading the intent, as is an answer lost on the way — it is never sent twice.
     */
    async answerStep({ path, body, ends }: StepAnswer): Promise<boolean> {
      const attempt = attemptOf(screen.value);
      if (!attempt || !dispatch({ type: 'send' })) return false;
      try {
        await answered(
          await answerStepView(
            api,
            intentId,
            path,
            { ...body, client_secret: clientSecret },
            { idempotencyKey: newIdempotencyKey(), signal: aborted },
          ),
          attempt,
        );
        return true;
      } catch (error) {
        if (aborted.aborted) return false;
        // The service's reason, as it says it (the method's step explains it); without one, what
        // kind of failure it was: no answer is a connection problem, an answer is not.
        const why = isApiError(error) ? error.code || error.kind : 'network';
        dispatch({ type: 'refused', why, ends: ends?.includes(why) });
        // What became of the attempt only the service knows (its last try spent, the window passed,
        // an answer lost on the way): its read says, and the answer is never sent twice. (After an
        // answer that ended the attempt, the new request is on offer at once: a read it overtakes says nothing.)
        await following.read();
        return false;
      }
    },
  };
}

export type Sending = ReturnType<typeof createSending>;

function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
