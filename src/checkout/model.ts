// The checkout model: the whole payer journey as signals and actions, independent of any UI.
// Data flows one way: an action (typing, pay, check) → the API → the signals → the screen.
// It is made of parts, one job each: the form (./form), paying and recovering a lost confirm
// (./confirm), following an attempt (./following), and what the payer sees and the merchant hears
// (./outcome). createModel makes every function it returns a batched, untracked action, and the
// parts' effects — the follower and its listeners, the merchant's notices — end with dispose().
import { batch, computed, createModel, effect, type ReadonlySignal, signal } from '@preact/signals';
import { systemClock } from '../api/clock';
import { getIntentView } from '../api/endpoints/checkout';
import type { ClientConfig } from '../api/http';
import type { Customer } from '../api/types';
import { parseClientSecret } from '../api/schemas/client-secret';
import { METHOD } from '../methods';
import { IN_PAGE, IN_WIDGET } from '../components/surface';
import { countryOfPhone } from '../phone';
import { failure } from './api-errors';
import { createConfirm } from './confirm';
import type { HostPage } from './follower';
import type { Following, FollowingSignals } from './following';
import { createForm } from './form';
import { createOutcome, type MerchantCallbacks } from './outcome';
import type { ReceiptLinkAsk } from './receipt-link';
import { loadFollowing, loadSending } from './sending';
import type { SessionReader } from './session';

export type { CheckoutEventDetail } from './outcome';

export interface CheckoutOptions extends MerchantCallbacks {
  api: ClientConfig;
  clientSecret: string;
  /** A bare intent (`pi_…`); for a session, leave it out: the intent comes from the secret. */
  intentId?: string;
  /** Hosted page only: reads the checkout session the payer came with (see ./session). */
  readSession?: SessionReader;
  defaultCountry?: string;
  /**
   * Hosted page: the payer came Back to a session they left for its cancelUrl, whose secret this tab
   * forgot (src/hosted/main.tsx): read by the session's id, the page says they left, with the way back.
   */
  left?: boolean;
  /** Whether the receipt counts down to successUrl (default); not for a payer who came Back. */
  autoReturn?: boolean;
  /** Where visibility and connectivity are watched; default: the current window (null: none). */
  page?: HostPage;
  /** The payer as the merchant knows them (the widget's `customer`): the form starts with it. */
  customer?: Customer | undefined;
  /**
   * Hosted page: a link another payer handed on (docs/decisions.md "Someone else pays"): nothing of
   * an attempt this page did not start is shown — the number it was made from, why it failed.
   */
  relative?: boolean;
}

// createModel keeps a model's dispose under Symbol.dispose: a key browsers before 2025 lack (both
// sides then use "undefined", so it is still found) and the DOM typings of the package's
// declarations do not name.
const DISPOSE = (Symbol as unknown as { dispose: PropertyKey }).dispose;

const CheckoutModel = createModel((options: CheckoutOptions) => {
  // One clock for the model and its API client: polling, time limits and retries move together.
  const clock = options.api.clock || systemClock;
  const page = options.page === undefined ? (typeof window === 'undefined' ? null : window) : options.page;
  // The secret names its intent.
  const link = parseClientSecret(options.clientSecret);
  // `a && a.b` rather than `a?.b` in this file where the value is the same: cheaper once lowered
  // to the engine floor (vite.config.ts).
  const intentId = options.intentId ?? (link ? link.intentId : '');
  const controller = new AbortController();
  const wiring = {
    api: options.api,
    intentId,
    clientSecret: options.clientSecret,
    clock,
    page,
    signal: controller.signal,
  };

  // (Never the widget's: a link handed on opens the hosted page.)
  const relative = !IN_WIDGET && !!options.relative;
  const outcome = createOutcome(intentId, options, clock, relative);
  const form = createForm(options.defaultCountry);
  form.prefill(options.customer);
  const { screen, intent, session, dispatch } = outcome;
  // What the page shows of the following: here from the start, though the following itself comes
  // with the screens' part (./sending), as an attempt is sent or a screen of that part is shown.
  const shown: FollowingSignals = {
    online: signal(true),
    checking: signal(false),
    readTrouble: signal(false),
    checkedAt: signal<number | null>(null),
  };
  let following: Following | null = null;
  let follows: Promise<Following> | null = null;
  /** The following, made once, when its part is here (a failed fetch is forgotten: asked again, fetched again). */
  const follow = (): Promise<Following> =>
    (follows ||= loadFollowing().then(
      (create) => (following ||= create({ ...wiring, outcome, inWidget: IN_WIDGET, shown })),
      (error) => {
        follows = null;
        throw error;
      },
    ));
  // A screen that is followed (or checks once back online) has its following: a page reloaded while
  // its payment waits follows it as soon as the part is here — fetched by this, or by a stand-in's retry.
  effect(() => {
    const s = screen.value;
    if (
      s.name === 'pending' ||
      s.name === 'unknown' ||
      s.name === 'shared' ||
      s.name === 'elsewhere' ||
      (s.name === 'error' && s.recovery === 'check')
    )
      follow().catch(() => loadFollowing(true).then(() => follow()));
  });
  const confirm = createConfirm({
    ...wiring,
    outcome,
    form,
    // (Read by the sending half as it is made, once the following is made too: see `sending`.)
    get following() {
      return following as Following;
    },
    // Both come with the same part: fetched at once, the half made once both are here.
    sending: () => Promise.all([follow(), loadSending()]).then(([, create]) => create),
  });
  /** "Check now", "check again": at once (what it overtakes is told from what it began before), or once the following is here. */
  const checkNow = (): Promise<void> => (following ? following.checkNow() : follow().then((made) => made.checkNow()));

  function invalidLink(): 'badLink' | 'badSecret' | null {
    if (!link || !intentId.startsWith('pi_')) return 'badLink';
    // Complete, but the secret of another intent: the link is not incomplete, it is wrong.
    if (link.intentId !== intentId) return 'badSecret';
    return null;
  }

  /**
   * Back to a session this tab left (options.left): what was left (the session, its intent) read
   * by the session's id, the screen says the payer left it — or, if it was paid meanwhile (another
   * tab), the receipt. Nothing is followed, nothing can be paid: the secret is gone.
   */
  async function loadLeft(readSession: SessionReader) {
    const read = await readSession(controller.signal);
    if (read === 'unavailable') return void dispatch({ type: 'refuse', error: 'sessionUnavailable' });
    const { paymentIntent: brought, ...sessionAlone } = read;
    outcome.learn({ session: sessionAlone });
    const left =
      brought && brought.intent_id === read.paymentIntentId
        ? brought
        : await getIntentView(options.api, read.paymentIntentId, { signal: controller.signal });
    batch(() => {
      outcome.apply(left);
      dispatch({ type: 'cancel' });
    });
  }

  async function load() {
    if (!dispatch({ type: 'load' }) && screen.value.name !== 'loading') return;
    if (!IN_WIDGET && options.left && options.readSession)
      return void loadLeft(options.readSession).catch(
        (error) => controller.signal.aborted || dispatch(failure(error, 'reload')),
      );
    const invalid = invalidLink();
    if (invalid) return void dispatch({ type: 'refuse', error: invalid });
    try {
      // No await without a session: the intent's read must leave now, within start(), before the
      // caller renders (the widget's render then overlaps the read's round trips).
      // (Never in the widget's files, which take an intent, never a session: what follows of a
      // session is left out of them.)
      const readSession = !IN_WIDGET && options.readSession ? await options.readSession(controller.signal) : null;
      // No basket to show, no way back to tell.
      if (readSession === 'unavailable') return void dispatch({ type: 'refuse', error: 'sessionUnavailable' });
      // The session of another intent than the secret's: the link is wrong.
      if (readSession && readSession.paymentIntentId !== intentId)
        return void dispatch({ type: 'refuse', error: 'badSecret' });
      // A session's read brings its intent (extension): read alone where it does not.
      const embedded = readSession && readSession.paymentIntent;
      const readIntent =
        embedded && embedded.intent_id === intentId
          ? embedded
          : await getIntentView(options.api, intentId, { signal: controller.signal });
      // The session without the intent it brought: the intent lives in one place, kept up to date.
      if (readSession) {
        const { paymentIntent: _brought, ...sessionAlone } = readSession;
        outcome.learn({ session: sessionAlone });
        form.prefill(readSession.customer);
      }
      // Where the payer is not known or cannot pay in it, the merchant's country is the best guess.
      const merchant = readIntent.merchant || (readSession && readSession.merchant);
      form.payIn(
        readIntent.currency,
        countryOfPhone(merchant ? merchant.support_phone : undefined),
        readIntent.availability,
      );
      // An ended session cannot be paid any more; an approval still awaited runs its course, and
      // a canceled intent says why itself.
      if (readSession && readSession.status === 'expired' && readIntent.status === 'requires_payment_method') {
        outcome.learn({ intent: readIntent });
        return void dispatch({ type: 'refuse', error: 'expired' });
      }
      outcome.apply(readIntent);
    } catch (error) {
      if (!controller.signal.aborted) dispatch(failure(error, 'reload'));
    }
  }

  // A page restored from the back/forward cache shows what the service says now.
  effect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      // Back to a form the payer had left for another page: on a shared phone that may be someone
      // else, so what was typed (names, e-mail, number) is not shown again; the payment still is.
      if (screen.peek().name === 'form') form.forget();
      if (screen.peek().name !== 'loading' && screen.peek().name !== 'confirming') void checkNow().catch(() => {});
    };
    if (page) page.addEventListener('pageshow', onPageShow as EventListener);
    return () => page && page.removeEventListener('pageshow', onPageShow as EventListener);
  });
  // Disposing the model stops what it has under way: reads, a confirm's answer, pauses.
  effect(() => () => controller.abort());

  const model = {
    screen,
    intent,
    session,
    /** Who is paid, as the service says (an extension; null when it does not). */
    merchant: outcome.payee,
    testMode: outcome.testMode,
    values: form.values as ReadonlySignal<typeof form.values.value>,
    /** The intent's currency once read (the form offers only what pays in it). */
    currency: form.currency,
    visibleErrors: form.visibleErrors,
    /** Fields the checkout filled in for the payer (the wallet detected from the number). */
    filled: form.filled as ReadonlySignal<ReadonlySet<string>>,
    online: shown.online as ReadonlySignal<boolean>,
    checking: shown.checking as ReadonlySignal<boolean>,
    /** When the last "check now" found the attempt still waiting: the page says so. */
    checkedAt: shown.checkedAt as ReadonlySignal<number | null>,
    readTrouble: shown.readTrouble as ReadonlySignal<boolean>,
    successUrl: outcome.successUrl,
    cancelUrl: outcome.cancelUrl,
    canCancel: outcome.canCancel,
    autoReturn: signal(options.autoReturn !== false) as ReadonlySignal<boolean>,
    resendTo: confirm.resendTo,
    /**
     * Whether the operator may refuse paying again now with what the form holds: the same number and
     * wallet as an attempt that has just failed, where the wallet turns such repeats down. Said before paying.
     */
    repeatRisk: computed(() => {
      const read = intent.value;
      const paid = read && read.payment_method;
      if (!read || !read.last_payment_error || !paid || paid.type !== METHOD.type) return false;
      return METHOD.refusesRepeat(form.values.value, paid, Date.parse(read.updated_at), clock.now());
    }) as ReadonlySignal<boolean>,
    /** The clock the model follows time by (the page's, or a test's). */
    now: clock.now,
    start: () => void load(),
    setField: form.setField,
    setDefaultCountry: form.setDefaultCountry,
    blur: form.blur,
    submit: confirm.submit,
    /** The payer's answer to the step the service asks for (a one-time code), at the step's endpoint. */
    answerStep: confirm.answerStep,
    resend: confirm.resend,
    checkNow,
    /** A lasting link to the payment's status and receipt, from the checkout and in the language `ask` names (with the following's part). */
    receiptLink: (ask: ReceiptLinkAsk): Promise<string> => follow().then((made) => made.receiptLink(ask)),
    /** The way forward an error screen offers: load again, or check; after a failure, the form. */
    retry() {
      const s = screen.value;
      if (s.name === 'error' && s.recovery === 'reload') return void load();
      if (s.name === 'error' && s.recovery === 'check') return void checkNow().catch(() => {});
      // Back from a cancel: what the service says of the intent now (a form only if it can be paid;
      // another tab may have started an attempt meanwhile).
      if (s.name === 'canceled') return void load();
      dispatch({ type: 'edit' });
    },
    cancel: outcome.cancel,
    /** "Someone else pays": this page follows the payment it hands on (the link: handOffPath). */
    handOff: () => void dispatch({ type: 'share' }),
    /** A page the payment was handed on to: who was asked to pay is not offered to pass it on again. */
    relative: signal(relative) as ReadonlySignal<boolean>,
    /** The hosted page's path for someone else to pay: the secret in the fragment, `relative` marking it handed on. */
    handOffPath: () => `/pay/${intentId}?relative#${options.clientSecret}`,
    /** Whether a paid checkout offers "Done" (the widget's dialog, which it closes). */
    canClose: signal(!IN_PAGE && Boolean(options.onClose)) as ReadonlySignal<boolean>,
    close() {
      if (options.onClose) options.onClose();
    },
    returnToMerchant: outcome.returnToMerchant,
    /** Stops everything: every timer, listener and request under way. */
    dispose(): void {
      // biome-ignore lint/style/noNonNullAssertion: createModel keeps the model's dispose under this key (DISPOSE, above); a check would add bytes for nothing
      (model as unknown as Record<PropertyKey, () => void>)[DISPOSE]!();
    },
  };
  return model;
});

export function createCheckout(options: CheckoutOptions) {
  return new CheckoutModel(options);
}

export type CheckoutModel = ReturnType<typeof createCheckout>;
