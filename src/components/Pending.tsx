import type { FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { CheckoutModel } from '../checkout/model';
import type { Attempt } from '../checkout/screens';
import { formatAmount } from '../i18n';
import { formatDuration, formatTime } from '../i18n/format';
import { STEP_LIB } from '../methods/step-lib';
import type { StepPart, StepProps } from '../methods/steps';
import { screenViewsOf } from '../methods/screen-views';
import { viewsOf } from '../methods/views';
import { loadPart } from '../parts/load';
import { useI18n } from './i18n';
import { KeepLink } from './KeepLink';
import { Spinner } from './Spinner';
import { useCountdown } from './useCountdown';

/**
 * An attempt that awaits the payer: what to do — approve the push on the phone, or the step the
 * service asks for (its own script: a one-time code, the wallet's app…) — how long is left, and
 * "check now".
 */
export function Pending({
  model,
  attempt,
  base,
  headingRef,
}: {
  model: CheckoutModel;
  attempt: Attempt;
  base: string;
  headingRef: preact.Ref<HTMLHeadingElement>;
}) {
  const { lang, t } = useI18n();
  const left = useCountdown(attempt.expiresAt ?? 0, model.now);
  const intent = model.intent.value;
  const payee = model.merchant.value;
  const merchant = payee && payee.name;
  const amount = intent ? formatAmount(intent.amount, intent.currency, lang) : '';
  const method = attempt.method;
  const wallet = method ? viewsOf(method).label(method) : '';
  const { step } = attempt;
  const Instructions = method && screenViewsOf(method).Instructions;
  const Rescue = method && screenViewsOf(method).Rescue;
  const checking = model.checking.value;
  const checkedAt = model.checkedAt.value;
  const lazy = step.type === 'step';
  const state = useStepPart(lazy ? step.name : null, base);
  // What the step's script says of itself, once here (while it loads: neither offer yet).
  const part = state && 'part' in state ? state.part : null;
  const loading = lazy && !part;
  return (
    <section class="momo-screen momo-pending" data-step={lazy ? step.name : step.type}>
      <h2 tabIndex={-1} ref={headingRef}>
        {part ? part.heading(lang, wallet, STEP_LIB.fillText) : t('pending.heading')}
      </h2>
      {/* The prompt the payer is to look for, pictured; the text around it says it in words. */}
      {step.type === 'push' && (
        <div class="momo-phone" aria-hidden="true">
          <div class="momo-prompt">
            {merchant && <span>{merchant}</span>}
            <strong>{amount}</strong>
            <span class="momo-pin">• • • •</span>
          </div>
        </div>
      )}
      {merchant && <p class="momo-payee-line">{t('pending.payee', { amount, merchant })}</p>}
      {lazy ? (
        <Step state={state} props={{ model, attempt, lang, amount, wallet, base }} />
      ) : step.type === 'wait' ? (
        <p>{t('step.wait')}</p>
      ) : method && Instructions ? (
        /* A service that does not say what the attempt pays with (a reload on a bare service) */
        <Instructions view={method} amount={amount} ussd={step.ussd} />
      ) : (
        <p>{t('pending.bodyUnknown', { amount })}</p>
      )}
      <div class="momo-waiting" role="status">
        <span class="momo-progress" />
        {checkedAt !== null && !checking
          ? t('pending.checked', { time: formatTime(checkedAt, lang) })
          : t('pending.waiting')}
      </div>
      {/* The push that never came: the wallet's menu, and when a new request can go (after a wait). */}
      {step.type === 'push' && method && Rescue && (
        <Rescue
          view={method}
          ussd={step.ussd}
          startedAt={attempt.startedAt}
          expiresAt={attempt.expiresAt}
          now={model.now}
        />
      )}
      {!lazy && left > 0 && <p class="momo-timer">{t('pending.timeLeft', { time: formatDuration(left) })}</p>}
      {(!model.online.value || model.readTrouble.value) && (
        <p class="momo-notice" role="alert">
          {t('pending.offline')}
        </p>
      )}
      {!loading && !(part && part.approvesHere) && <CheckButton model={model} label="pending.checkNow" />}
      {/* Waiting may outlast the tab: a link that still shows how it ended. */}
      <KeepLink model={model} base={base} />
      {/*
       * A mistyped number (the number is shown in full above, to be seen): when the payer can send
       * to another, plainly (only the service's window is told); a wallet that takes no number, how
       * to pay with another operator instead.
       */}
      {!loading && (
        <p class="momo-hint">
          {part && part.takesNoNumber
            ? attempt.expiresAt
              ? t('pending.otherWallet', { time: formatTime(attempt.expiresAt, lang) })
              : t('pending.otherWalletLater')
            : attempt.expiresAt
              ? t('pending.wrongNumber', { time: formatTime(attempt.expiresAt, lang) })
              : t('pending.resendLater')}
        </p>
      )}
    </section>
  );
}

/** "Check now", "check again": a read the payer asks for, never a new confirm; it says so while it runs. */
export function CheckButton({
  model,
  label,
}: {
  model: CheckoutModel;
  label: 'pending.checkNow' | 'handoff.check' | 'unknown.check' | 'error.checkStatus';
}) {
  const { t } = useI18n();
  const checking = model.checking.value;
  return (
    <button
      type="button"
      class="momo-secondary momo-check"
      onClick={() => void model.checkNow()}
      disabled={checking}
      aria-busy={checking}
    >
      {checking ? t('pending.checking') : t(label)}
    </button>
  );
}

/** A step's script, once loaded: its part, and its component made from it. */
interface Loaded {
  name: string;
  part: StepPart;
  Step: FunctionComponent<StepProps>;
}

/** Where a step's script is: loading (null), loaded, or failed with a way to fetch it again. */
type StepState = Loaded | { retry: () => void } | null;

/** The script of step `name` (null: none asked), fetched once asked for. */
function useStepPart(name: string | null, base: string): StepState {
  const [loaded, setLoaded] = useState<Loaded | 'failed' | null>(null);
  const [tries, setTries] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tries` is not read, it is what loads the part again (the payer's "try again").
  useEffect(() => {
    if (!name) return;
    let live = true;
    loadPart<StepPart>(name, base).then(
      (part) => live && setLoaded({ name, part, Step: made(part) }),
      () => live && setLoaded('failed'),
    );
    return () => {
      live = false;
    };
  }, [name, base, tries]);
  if (loaded === 'failed')
    return {
      retry: () => {
        setLoaded(null);
        setTries((n) => n + 1);
      },
    };
  return loaded && loaded.name === name ? loaded : null;
}

/** A step that is a script of its own: a spinner while it loads, a way to try again if it fails. */
function Step({ state, props }: { state: StepState; props: StepProps }) {
  const { t } = useI18n();
  if (!state) return <Spinner />;
  if ('retry' in state) {
    return (
      <p class="momo-notice" role="alert">
        {t('step.failed')}{' '}
        <button type="button" class="momo-link" onClick={state.retry}>
          {t('step.retry')}
        </button>
      </p>
    );
  }
  return <state.Step {...props} />;
}

/** Each step's component, made once from its part: the same component on every render. */
const components = new Map<StepPart, FunctionComponent<StepProps>>();
function made(part: StepPart) {
  let component = components.get(part);
  if (!component) {
    component = part.make(STEP_LIB);
    components.set(part, component);
  }
  return component;
}
