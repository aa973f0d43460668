// Paying: one click sends one confirm, and a confirm whose answer was lost is never sent again —
// the page reads the intent to find the attempt it may have started (a confirm held up on the way
// can land late), and says that no charge has reached the service only once it has looked long
// enough — never that nothing was charged, which only the service could say.
import { computed, signal } from '@preact/signals';
import { type Clock, pause } from '../api/clock';
import { confirmIntentView, getIntentView } from '../api/endpoints/checkout';
import { isApiError, mayHaveTakenEffect } from '../api/errors';
import type { ClientConfig } from '../api/http';
import type { PaymentIntentView as PaymentIntent } from '../api/types';
import { METHOD } from '../methods';
import { errorScreen, refusedField } from './api-errors';
import { CONFIRM_LATE_CHECK_MS, CONFIRM_SETTLE_MS, DEFAULT_APPROVAL_WINDOW_MS } from './constants';
import type { Following } from './following';
import type { Form } from './form';
import type { Outcome } from './outcome';

interface Wiring {
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

export function createConfirm({ api, intentId, clientSecret, clock, form, outcome, following, signal: aborted }: Wiring) {
  const { screen, intent, attempt } = outcome;
  /** Confirms sent: a quiet look for a late confirm stops at the payer's next one. */
  const sent = signal(0);

  async function submit(): Promise<boolean> {
    // The screen changes before any await: a second click or Enter finds it no longer a form.
    if (screen.value.name !== 'form') return false;
    if (!form.touchAll()) {
      screen.value = { name: 'form', notice: { key: 'form.fixErrors' } };
      return false;
    }
    const body = form.request(clientSecret);
    if (!body) return false;
    sent.value += 1;
    const chargesBefore = intent.value?.event.charges.length ?? 0;
    const startedAt = clock.now();
    const started = { method: METHOD.view(form.values.value), startedAt, expiresAt: startedAt + DEFAULT_APPROVAL_WINDOW_MS };
    attempt.value = started;
    screen.value = { name: 'confirming' };
    try {
      const result = await confirmIntentView(api, intentId, body, { idempotencyKey: newIdempotencyKey(), signal: aborted });
      if (result.status === 'succeeded') {
        screen.value = { name: 'succeeded', receipt: { amount: result.amount, currency: result.currency, method: started.method, reference: result.id, date: result.updatedAt } };
      } else if (result.status === 'pending') {
        screen.value = { name: 'pending', attempt: started };
      } else {
        // Failed at once, or a status this page does not know: the intent says what it means.
        await following.read();
      }
      return true;
    } catch (error) {
      if (!aborted.aborted) await recover(error, chargesBefore);
      return false;
    }
  }

  async function recover(error: unknown, chargesBefore: number) {
    if (form.refuse(refusedField(error) ?? '')) return void (screen.value = { name: 'form', notice: { key: 'form.fixErrors' } });
    if (isApiError(error) && error.status === 429) {
      return void (screen.value = { name: 'form', notice: { key: 'error.rateLimited', params: { seconds: error.retryAfter ?? 30 } } });
    }
    if (isApiError(error) && error.status === 409) return following.read();
    if (!mayHaveTakenEffect(error)) return void (screen.value = errorScreen(error, null));
    // The confirm may have reached the operator: find out from the service, never send it again.
    const settled = await lookForAttempt(chargesBefore, CONFIRM_SETTLE_MS, () => true);
    if (settled === 'found' || aborted.aborted) return;
    if (!settled) return void (screen.value = { name: 'error', error: 'confirmUnknown', recovery: 'check' });
    intent.value = settled;
    screen.value = { name: 'form', notice: { key: 'error.notSent' } };
    // Held up longer still, it would start an approval on the payer's phone: keep looking, quietly,
    // for as long as the payer has not tried again, and follow it if it comes.
    const clicks = sent.value;
    void lookForAttempt(chargesBefore, CONFIRM_LATE_CHECK_MS, () => sent.value === clicks && screen.value.name === 'form');
  }

  /**
   * Reads the intent after each pause while `stillWanted()`; an attempt that was not there before
   * is shown at once ('found'). Otherwise answers the last read, which showed none, or undefined
   * if every read failed.
   */
  async function lookForAttempt(chargesBefore: number, pauses: readonly number[], stillWanted: () => boolean) {
    let unchanged: PaymentIntent | undefined;
    for (const ms of pauses) {
      if (ms) await pause(clock, ms, aborted);
      if (aborted.aborted || !stillWanted()) return unchanged;
      const read = await getIntentView(api, intentId, { signal: aborted }).catch(() => undefined);
      if (!read || aborted.aborted || !stillWanted()) continue;
      if (read.status !== 'requires_payment_method' || read.event.charges.length !== chargesBefore) {
        outcome.apply(read);
        return 'found';
      }
      unchanged = read;
    }
    return unchanged;
  }

  /** "No prompt? Send it again": a new attempt with the same details, once the last one ended. */
  const resendTo = computed(() => (screen.value.name === 'failed' && form.valid.value ? METHOD.view(form.values.value) : null));

  return {
    submit,
    resendTo,
    resend(): Promise<boolean> {
      if (!resendTo.value) return Promise.resolve(false);
      attempt.value = undefined;
      screen.value = { name: 'form' };
      return submit();
    },
  };
}

function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
