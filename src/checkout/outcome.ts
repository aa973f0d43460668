// What the payer is shown, and what the merchant is told: the screen, the intent as last read,
// the session's ways back. Each has one writer: dispatch() the screen's (./transition says what may
// follow what), learn() the intent's and the session's — the model's other parts get them read-only
// (test/checkout/one-writer.test.ts holds it); every read of the intent shown lands in apply(); the
// merchant hears of each outcome once, however many reads confirm it.
import { computed, effect, type ReadonlySignal, signal, untracked } from '@preact/signals';
import type { Clock } from '../api/clock';
import type { PaymentIntentView as PaymentIntent } from '../api/types';
import { plainText } from '../i18n';
import type { Attempt, Screen } from './screens';
import type { CheckoutSession } from './session';
import { attemptOf, type CheckoutEvent, transition } from './transition';

/** What the merchant learns of the outcome: never the client secret, never the full number. */
export interface CheckoutEventDetail {
  intentId: string;
  status: 'succeeded' | 'failed' | 'canceled';
  chargeId: string | null;
}

export interface MerchantCallbacks {
  /** Paid: told once, when the page sees it happen or first finds it (never twice for one payment in one tab). */
  onSucceeded?(detail: CheckoutEventDetail): void;
  /** It can no longer be paid: its attempts ran out, its session ended, the merchant canceled it. */
  onFailed?(detail: CheckoutEventDetail): void;
  /**
   * One attempt failed (declined, no funds, expired…); the payer may try again. Told once per
   * attempt, when docs/integration.md ("Events") says.
   */
  onAttemptFailed?(detail: CheckoutEventDetail): void;
  onCancel?(detail: CheckoutEventDetail): void;
  /** Leaves the page for a return address (hosted page only). */
  navigate?(url: string, to: 'success' | 'cancel'): void;
  /** Closes the checkout once paid ("Done"): the widget's dialog only. */
  onClose?(): void;
}

/** Errors that end a payment for good: nothing the payer does can pay it any more. */
const FINAL_FAILURES: ReadonlySet<string> = new Set(['tooManyAttempts', 'expired', 'canceled']);

/** Payments this tab has already announced as paid: in this page, and in the tab's storage where there is one. */
const announced = new Set<string>();
function firstNews(intentId: string): boolean {
  const key = `momo-paid:${intentId}`;
  let seen = announced.has(key);
  try {
    seen ||= sessionStorage.getItem(key) !== null;
    sessionStorage.setItem(key, '1');
  } catch {
    // No storage (blocked, a server): this page's memory alone.
  }
  announced.add(key);
  return !seen;
}

/**
 * `relative`: a page someone else's payment was handed on to (./model's `relative`), which shows
 * nothing of an attempt it did not start — as a page does once it has handed its payment on.
 */
export function createOutcome(intentId: string, merchant: MerchantCallbacks, clock: Clock, relative?: boolean) {
  const screen = signal<Screen>({ name: 'loading' });
  const intent = signal<PaymentIntent | null>(null);
  const session = signal<CheckoutSession | null>(null);

  /** Attempts this page has begun: what a read sent before the latest began found is of an older one. */
  let begun = 0;
  /**
   * Whether a phone other than this one may pay: a page that has handed its payment on (and may come
   * back to the form, then find it paid by them), as a relative's page is.
   */
  let othersPay = !!relative;

  /** The one way the screen changes; answers whether it did (an event the screen refuses changes nothing). */
  function dispatch(event: CheckoutEvent): boolean {
    const from = screen.value;
    const next = transition(from, event);
    if (next === from) return false;
    if (event.type === 'submit') begun++;
    if (event.type === 'share') othersPay = true;
    // The payer moves on (a new request, another number, leaving) from an attempt ended on an
    // expired code before any read has said it failed: it failed all the same, and is told now,
    // before what they do next — a read sent before that says nothing more (see overtaken).
    if (from.name === 'failed' && from.ended && (event.type === 'edit' || event.type === 'cancel'))
      attemptFailed(from.ended.chargeId);
    screen.value = next;
    return true;
  }

  /** The one way the intent and the session change: what the service has said of them. */
  function learn(said: { intent?: PaymentIntent; session?: CheckoutSession }) {
    if (said.session) session.value = said.session;
    if (said.intent) intent.value = said.intent;
  }

  // `a && a.b`, `a ? a.b : null` rather than `a?.b ?? null` in this file: cheaper once lowered to
  // the engine floor (vite.config.ts), for the same values.
  const successUrl = computed(() => (session.value ? session.value.successUrl : null));
  const cancelUrl = computed(() => (session.value ? session.value.cancelUrl : null));
  /** Who is paid, as the service says (an extension; null when it does not: no name is made up), shown as plain text. */
  const payee = computed(() => {
    const said = (intent.value && intent.value.merchant) || (session.value && session.value.merchant) || null;
    return said && { ...said, name: plainText(said.name) };
  });
  /** The service's test mode (live_mode 0): the page says so. */
  const testMode = computed(() => !!intent.value && intent.value.live_mode === 0);
  /** Whether leaving has somewhere to go: the session's cancelUrl or the widget's onCancel. */
  const canCancel = computed(() => Boolean(cancelUrl.value || merchant.onCancel));

  function detail(status: CheckoutEventDetail['status']): CheckoutEventDetail {
    const s = screen.value;
    return {
      intentId,
      status,
      chargeId: s.name === 'succeeded' ? s.receipt.reference : intent.value ? intent.value.charge_id : null,
    };
  }

  // What the merchant hears, each once. A failed attempt is news only when seen happening, not when
  // a reload finds an old one: once a read says it failed, or (one this page ended on an expired
  // code, whose refusal alone is not told: the read that follows has the last word) once the payer
  // moves on before any read has (dispatch); a payment that can no longer be paid, and a paid
  // one, once (a paid one never twice in this tab: a dialog reopened, a page reloaded).
  let shown: Screen['name'] = 'loading';
  let told: string | null = null;
  function attemptFailed(chargeId: string | null) {
    const outcome = `attempt:${chargeId}`;
    if (outcome === told) return;
    told = outcome;
    if (merchant.onAttemptFailed) merchant.onAttemptFailed({ intentId, status: 'failed', chargeId });
  }
  effect(() => {
    const next = screen.value;
    const from = shown;
    shown = next.name;
    untracked(() => {
      if (next.name === 'failed')
        return void (from !== 'loading' && !next.ended && attemptFailed(intent.value && intent.value.charge_id));
      const final = next.name === 'error' && FINAL_FAILURES.has(next.error);
      const outcome = next.name === 'succeeded' ? 'succeeded' : final ? 'failed' : null;
      if (!outcome || outcome === told) return;
      told = outcome;
      if (!final) {
        if (!firstNews(intentId)) return;
        if (merchant.onSucceeded) merchant.onSucceeded(detail('succeeded'));
      } else if (merchant.onFailed) merchant.onFailed(detail('failed'));
    });
  });

  return {
    screen: screen as ReadonlySignal<Screen>,
    dispatch,
    intent: intent as ReadonlySignal<PaymentIntent | null>,
    session: session as ReadonlySignal<CheckoutSession | null>,
    learn,
    successUrl,
    cancelUrl,
    canCancel,
    payee,
    testMode,
    /**
     * Taken as a read is sent; answers, once it lands, whether the payer has begun an attempt
     * since. Such a read is of the attempt before: landing or failing, it says nothing of the
     * screen — the one rule for every read that can race a confirm.
     */
    overtaken(): () => boolean {
      const at = begun;
      return () => begun !== at;
    },
    /**
     * Shows what a read of the intent says. `known`: what this page knows of the attempt the read
     * shows (by default, the one on screen); null for another tab's attempt, which it knows nothing of.
     * `theirs`: that attempt is another phone's (a race to pay lost to it: ./send), shown as such.
     */
    apply(read: PaymentIntent, known: Attempt | null = attemptOf(screen.value) || null, theirs?: boolean) {
      // A relative's page shows only the attempts it started (its screen's; one of another charge
      // than its screen's: ./following): any other is the payer's. Of another phone's attempt nothing shows — neither its number, nor its
      // step, nor why it failed (the payer's page that handed on says theirs: `shared`). Where another
      // phone may pay, the number paid from is this page's own form's (known), never the other phone's.
      if (relative && !known) theirs = true;
      if (othersPay) read = { ...read, payment_method: null };
      if (theirs) read = { ...read, last_payment_error: null };
      learn({ intent: read });
      dispatch({ type: 'read', intent: read, known: known || undefined, now: clock.now(), theirs });
    },
    cancel() {
      if (!dispatch({ type: 'cancel' })) return;
      if (merchant.onCancel) merchant.onCancel(detail('canceled'));
      if (cancelUrl.value && merchant.navigate) merchant.navigate(cancelUrl.value, 'cancel');
    },
    returnToMerchant() {
      if (successUrl.value && merchant.navigate) merchant.navigate(successUrl.value, 'success');
    },
  };
}

export type Outcome = ReturnType<typeof createOutcome>;
