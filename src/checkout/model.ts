// The checkout model: the whole payer journey as signals and actions, independent of any UI.
// Data flows one way: an action (typing, pay, check) → the API → the signals → the screen.
import { batch, computed, signal } from '@preact/signals';
import { confirmIntent, getIntentView as getIntent } from '../api/endpoints/checkout';
import { isApiError, mayHaveTakenEffect } from '../api/errors';
import { pause, systemClock } from '../api/clock';
import type { ClientConfig } from '../api/http';
import { parseClientSecret } from '../api/schemas/fields';
import type { PaymentIntentView as PaymentIntent } from '../api/types';
import { detectWallet, findCountry, findWallet, formatAsTyped, maskMsisdn, toMsisdn } from '../phone';
import { CONFIRM_LATE_CHECK_MS, CONFIRM_SETTLE_MS, DEADLINE_GRACE_MS, DEFAULT_APPROVAL_WINDOW_MS, pollDelay, READ_FAILURES_BEFORE_NOTICE, UNKNOWN_POLL_FOR_MS, UNKNOWN_POLL_MS } from './constants';
import { errorKind, errorScreen, fieldOfApiError } from './api-errors';
import { createFollower, currentPage, type Page } from './follower';
import type { Attempt, Screen } from './screens';
import type { CheckoutSession, SessionReader } from './session';
import { screenForIntent } from './status';
import { confirmRequestFrom, type Field, FIELDS, type FieldError, type FormValues, isBlocking, refusal, validate } from './validation';

/** What the merchant learns of the outcome: never the client secret, never the full number. */
export interface CheckoutEventDetail {
  intentId: string;
  status: 'succeeded' | 'failed' | 'canceled';
  chargeId: string | null;
}

export interface CheckoutOptions {
  api: ClientConfig;
  clientSecret: string;
  /** A bare intent (`pi_…`); for a session, leave it out: the intent comes from the secret. */
  intentId?: string;
  /** Hosted page only: reads the checkout session the payer came with (see ./session). */
  readSession?: SessionReader;
  defaultCountry?: string;
  onSucceeded?(detail: CheckoutEventDetail): void;
  onFailed?(detail: CheckoutEventDetail): void;
  onCancel?(detail: CheckoutEventDetail): void;
  /** Leaves the page for a merchant's return address (hosted page only). */
  navigate?(url: string, to: 'success' | 'cancel'): void;
  /** Whether the receipt counts down to successUrl (default); not for a payer who came Back. */
  autoReturn?: boolean;
  /** Where visibility and connectivity are watched; default: the current window (null: none). */
  page?: Page;
}

export function createCheckout(options: CheckoutOptions) {
  // One clock for the model and its API client: polling, time limits and retries move together.
  const clock = options.api.clock ?? systemClock;
  const page = options.page === undefined ? currentPage() : options.page;
  const secret = options.clientSecret;
  // The secret names its intent: knowing it, the intent and the session can be read in parallel,
  // saving the payer one round trip.
  const link = parseClientSecret(secret);
  const intentId = options.intentId ?? link?.intentId ?? '';
  let controller = new AbortController();

  const screen = signal<Screen>({ name: 'loading' });
  const intent = signal<PaymentIntent | null>(null);
  const session = signal<CheckoutSession | null>(null);
  const values = signal<FormValues>({
    firstName: '',
    lastName: '',
    email: '',
    country: findCountry(options.defaultCountry ?? '')?.code ?? 'cg',
    operator: '',
    phone: '',
  });
  const touched = signal<ReadonlySet<Field>>(new Set());
  const serverErrors = signal<Partial<Record<Field, FieldError>>>({});
  const operatorDetected = signal(false);
  const online = signal(true);
  const checking = signal(false);
  const readTrouble = signal(false);

  /** An operator's brand name, looked up in the payer's country first. */
  const labelOf = (operator: string, country = values.value.country) =>
    findWallet(country, operator)?.label ?? operator.toUpperCase();
  const errors = computed(() => ({ ...validate(values.value, labelOf), ...serverErrors.value }));
  const visibleErrors = computed(() => {
    const shown: Partial<Record<Field, FieldError>> = {};
    for (const field of FIELDS) if (touched.value.has(field) && errors.value[field]) shown[field] = errors.value[field];
    return shown;
  });
  const successUrl = computed(() => session.value?.successUrl ?? null);
  const cancelUrl = computed(() => session.value?.cancelUrl ?? null);
  /** Whether leaving has somewhere to go: the session's cancelUrl or the widget's onCancel. */
  const canCancel = computed(() => Boolean(cancelUrl.value || options.onCancel));

  let attempt: Attempt | undefined;
  /** Counts the payer's pay clicks that got through: a background look stops at the next one. */
  let submits = 0;
  let readFailures = 0;
  let notified: string | null = null;

  const follower = createFollower({
    clock,
    page,
    read: readAndApply,
    nextDelay() {
      const s = screen.value;
      if (!attempt || (s.name !== 'pending' && s.name !== 'unknown')) return null;
      const now = clock.now();
      if (s.name === 'unknown') return now < attempt.expiresAt + DEADLINE_GRACE_MS + UNKNOWN_POLL_FOR_MS ? UNKNOWN_POLL_MS : null;
      return pollDelay(now - attempt.startedAt);
    },
    onOnlineChange: (value) => (online.value = value),
  });

  function detail(status: CheckoutEventDetail['status']): CheckoutEventDetail {
    const s = screen.value;
    return { intentId, status, chargeId: s.name === 'succeeded' ? s.receipt.reference : (intent.value?.charge_id ?? null) };
  }

  function show(next: Screen) {
    const from = screen.value.name;
    batch(() => {
      screen.value = next;
      if (next.name !== 'pending' && next.name !== 'unknown') readTrouble.value = false;
    });
    if (next.name === 'pending' || next.name === 'unknown') follower.start();
    else follower.stop();
    // Tell the merchant once per outcome, however many reads confirm it; a failure is news only
    // when seen happening, not when a reload finds an old one.
    const failedNow = next.name === 'failed' && from !== 'loading';
    const outcome = next.name === 'succeeded' ? 'succeeded' : failedNow ? `failed:${intent.value?.charge_id}` : null;
    if (outcome && outcome !== notified) {
      notified = outcome;
      if (next.name === 'succeeded') options.onSucceeded?.(detail('succeeded'));
      else options.onFailed?.(detail('failed'));
    }
  }

  function apply(read: PaymentIntent) {
    intent.value = read;
    const next = screenForIntent(read, attempt);
    if (next.name === 'pending') {
      attempt = next.attempt;
      // Past the approval window and its grace, an unanswered attempt is "still verifying",
      // never "failed": the operator may yet report it approved.
      if (clock.now() > attempt.expiresAt + DEADLINE_GRACE_MS) return show({ name: 'unknown', attempt });
    }
    show(next);
  }

  async function readAndApply() {
    try {
      apply(await getIntent(options.api, intentId, { signal: controller.signal }));
      readFailures = 0;
      readTrouble.value = false;
    } catch (error) {
      if (controller.signal.aborted) return;
      // The intent was there and now is not (a service that lost its records, a restart of the
      // sandbox): no number of reads will bring it back, so the page says so instead of polling.
      if (intent.value && errorKind(error) === 'notFound') return show({ name: 'error', error: 'lost', recovery: 'check' });
      readFailures += 1;
      if (screen.value.name === 'pending' || screen.value.name === 'unknown') {
        // Keep following through a bad connection, and say so after a few failures.
        readTrouble.value = readFailures >= READ_FAILURES_BEFORE_NOTICE;
      } else {
        show(errorScreen(error, 'check'));
      }
    } finally {
      checking.value = false;
    }
  }

  function invalidLink(): Screen | null {
    if (!link || !intentId.startsWith('pi_')) return { name: 'error', error: 'badLink', recovery: null };
    // Complete, but the secret of another intent: the link is not incomplete, it is wrong.
    if (link.intentId !== intentId) return { name: 'error', error: 'badSecret', recovery: null };
    return null;
  }

  async function load() {
    const bad = invalidLink();
    if (bad) return show(bad);
    show({ name: 'loading' });
    try {
      const [readSession, readIntent] = await Promise.all([
        options.readSession?.(controller.signal) ?? null,
        getIntent(options.api, intentId, { signal: controller.signal }),
      ]);
      if (readSession && readSession.paymentIntentId !== readIntent.intent_id) return show({ name: 'error', error: 'badSecret', recovery: null });
      session.value = readSession;
      // An ended session cannot be paid any more; an approval still awaited runs its course, and
      // a canceled intent says why itself.
      if (readSession?.status === 'expired' && readIntent.status === 'requires_payment_method') {
        intent.value = readIntent;
        return show({ name: 'error', error: 'expired', recovery: null });
      }
      apply(readIntent);
    } catch (error) {
      if (!controller.signal.aborted) show(errorScreen(error, 'reload'));
    }
  }

  function setField(field: Field, raw: string) {
    batch(() => {
      const current = values.value;
      const next = { ...current, [field]: raw };
      if (field === 'country') {
        if (!findCountry(raw)?.wallets.some((w) => w.name === current.operator)) next.operator = '';
        next.phone = formatAsTyped(raw, current.phone);
      }
      if (field === 'phone' || field === 'country') {
        next.phone = formatAsTyped(next.country, next.phone);
        const detected = detectWallet(next.country, next.phone);
        // Detection fills the operator unless the payer chose one by hand.
        if (detected && (operatorDetected.value || !next.operator)) {
          next.operator = detected;
          operatorDetected.value = true;
        }
      }
      if (field === 'operator') operatorDetected.value = false;
      values.value = next;
      if (serverErrors.value[field]) serverErrors.value = { ...serverErrors.value, [field]: undefined };
      if (screen.value.name === 'form' && screen.value.notice) screen.value = { name: 'form' };
    });
  }

  function blur(field: Field) {
    if (!touched.value.has(field)) touched.value = new Set([...touched.value, field]);
  }

  async function submit(): Promise<boolean> {
    // The screen changes before any await: a second click or Enter finds it no longer a form.
    if (screen.value.name !== 'form') return false;
    touched.value = new Set(FIELDS);
    if (isBlocking(errors.value)) {
      screen.value = { name: 'form', notice: { key: 'form.fixErrors' } };
      return false;
    }
    const form = values.value;
    const body = confirmRequestFrom(form, secret);
    if (!body) return false;
    submits += 1;
    const msisdn = body.payment_method_data.momo.msisdn;
    const chargesBefore = intent.value?.event.charges.length ?? 0;
    const startedAt = clock.now();
    attempt = { country: form.country, operator: form.operator, phone: maskMsisdn(msisdn), startedAt, expiresAt: startedAt + DEFAULT_APPROVAL_WINDOW_MS };
    show({ name: 'confirming' });
    try {
      const result = await confirmIntent(options.api, intentId, body, { idempotencyKey: newIdempotencyKey(), signal: controller.signal });
      if (result.status === 'succeeded') {
        const receipt = { amount: result.amount, currency: result.currency, operator: form.operator, phone: attempt.phone, reference: result.id, date: result.updatedAt };
        show({ name: 'succeeded', receipt });
      } else if (result.status === 'pending') {
        show({ name: 'pending', attempt });
      } else {
        await readAndApply();
      }
      return true;
    } catch (error) {
      if (controller.signal.aborted) return false;
      await recoverFromConfirmError(error, chargesBefore);
      return false;
    }
  }

  async function recoverFromConfirmError(error: unknown, chargesBefore: number) {
    const field = fieldOfApiError(error);
    if (field) {
      serverErrors.value = { [field]: refusal(field, values.value) };
      return show({ name: 'form', notice: { key: 'form.fixErrors' } });
    }
    if (isApiError(error) && error.status === 429) {
      return show({ name: 'form', notice: { key: 'error.rateLimited', params: { seconds: error.retryAfter ?? 30 } } });
    }
    if (isApiError(error) && error.status === 409) return readAndApply();
    if (!mayHaveTakenEffect(error)) return show(errorScreen(error, null));
    // The confirm may have reached the operator: find out from the service, never send it again.
    // A confirm held up on the way can land after a first read, so an attempt that does not show
    // yet is looked for again before the page says that nothing was charged.
    const { signal } = controller;
    const settled = await lookForAttempt(chargesBefore, CONFIRM_SETTLE_MS, () => true);
    if (settled === 'found' || signal.aborted) return;
    if (!settled) return show({ name: 'error', error: 'confirmUnknown', recovery: 'check' });
    intent.value = settled;
    show({ name: 'form', notice: { key: 'error.notSent' } });
    // Held up longer still, it would start an approval on the payer's phone: keep looking, quietly,
    // for as long as the payer has not tried again, and follow it if it comes.
    const clicks = submits;
    void lookForAttempt(chargesBefore, CONFIRM_LATE_CHECK_MS, () => submits === clicks && screen.value.name === 'form');
  }

  /**
   * Reads the intent after each pause (on the model's clock, cut short by dispose) while
   * `stillWanted()`; an attempt that was not there before is applied at once ('found'). Otherwise
   * answers the last read, which showed none, or undefined if every read failed.
   */
  async function lookForAttempt(chargesBefore: number, pauses: readonly number[], stillWanted: () => boolean) {
    const { signal } = controller;
    let unchanged: PaymentIntent | undefined;
    for (const ms of pauses) {
      if (ms) await pause(clock, ms, signal);
      if (signal.aborted || !stillWanted()) return unchanged;
      const read = await getIntent(options.api, intentId, { signal }).catch(() => undefined);
      if (!read || signal.aborted || !stillWanted()) continue;
      if (read.status !== 'requires_payment_method' || read.event.charges.length !== chargesBefore) {
        apply(read);
        return 'found';
      }
      unchanged = read;
    }
    return unchanged;
  }

  /** "I have approved — check now", "check again": a read, never a new confirm. */
  function checkNow(): Promise<void> {
    checking.value = true;
    return follower.active ? follower.now() : readAndApply();
  }

  /** After a failure: back to the form, same intent, to try another number or operator. */
  function retry() {
    const s = screen.value;
    if (s.name === 'error' && s.recovery === 'reload') return void load();
    if (s.name === 'error' && s.recovery === 'check') return void checkNow();
    if (s.name === 'failed') {
      attempt = undefined;
      show({ name: 'form' });
    }
  }

  /** "No prompt? Send it again": a new attempt with the same details, once the last one ended. */
  const canResend = computed(() => screen.value.name === 'failed' && !isBlocking(errors.value));
  const resendTo = computed(() => {
    const form = values.value;
    const msisdn = canResend.value ? toMsisdn(form.country, form.phone) : undefined;
    return msisdn ? maskMsisdn(msisdn) : null;
  });

  function resend(): Promise<boolean> {
    if (!canResend.value) return Promise.resolve(false);
    attempt = undefined;
    show({ name: 'form' });
    return submit();
  }

  function cancel() {
    options.onCancel?.(detail('canceled'));
    if (cancelUrl.value) options.navigate?.(cancelUrl.value, 'cancel');
  }

  function returnToMerchant() {
    if (successUrl.value) options.navigate?.(successUrl.value, 'success');
  }

  /** A page restored from the back/forward cache shows what the service says now. */
  function onPageShow(event: PageTransitionEvent) {
    if (event.persisted && screen.value.name !== 'loading' && screen.value.name !== 'confirming') void checkNow();
  }

  function start() {
    page?.addEventListener('pageshow', onPageShow);
    void load();
  }

  function dispose() {
    controller.abort();
    controller = new AbortController();
    follower.stop();
    page?.removeEventListener('pageshow', onPageShow);
  }

  return {
    intentId,
    /** The clock the model follows time by (the page's, or a test's). */
    now: clock.now,
    screen,
    intent,
    session,
    values,
    errors,
    visibleErrors,
    operatorDetected,
    online,
    checking,
    readTrouble,
    successUrl,
    cancelUrl,
    autoReturn: options.autoReturn ?? true,
    canCancel,
    resendTo,
    labelOf,
    start,
    setField,
    blur,
    submit,
    checkNow,
    retry,
    resend,
    cancel,
    returnToMerchant,
    dispose,
  };
}

export type Checkout = ReturnType<typeof createCheckout>;

function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
