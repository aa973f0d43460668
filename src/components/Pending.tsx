import type { FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { CheckoutModel } from '../checkout/model';
import type { Attempt } from '../checkout/screens';
import { formatAmount } from '../i18n';
import { formatDuration, formatTime } from '../i18n/format';
import { STEP_LIB } from '../methods/step-lib';
import { loadPart, type StepProps } from '../methods/steps';
import { screenViewsOf } from '../methods/screen-views';
import { viewsOf } from '../methods/views';
import { useI18n } from './i18n';
import { Spinner } from './Spinner';
import { useCountdown } from './useCountdown';

/**
 * An attempt that awaits the payer: what to do — approve the push on the phone, type a one-time
 * code, open the wallet's app, as the service says — how long is left, and "check now".
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
  const checking = model.checking.value;
  const checkedAt = model.checkedAt.value;
  const lazy = step.type === 'otp' || step.type === 'app';
  return (
    <section class="momo-screen momo-pending" data-step={step.type}>
      <h2 tabIndex={-1} ref={headingRef}>
        {step.type === 'otp'
          ? t('step.otp.heading')
          : step.type === 'app'
            ? t('step.app.heading', { wallet })
            : t('pending.heading')}
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
        <Step name={step.type} props={{ model, attempt, lang, amount, wallet, base }} />
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
      {!lazy && left > 0 && <p class="momo-timer">{t('pending.timeLeft', { time: formatDuration(left) })}</p>}
      {(!model.online.value || model.readTrouble.value) && (
        <p class="momo-notice" role="alert">
          {t('pending.offline')}
        </p>
      )}
      <CheckButton model={model} label="pending.checkNow" />
      {/* A mistyped number: when the payer can send to another, plainly (only the service's window is told). */}
      <p class="momo-hint">
        {attempt.expiresAt
          ? t('pending.wrongNumber', { time: formatTime(attempt.expiresAt, lang) })
          : t('pending.resendLater')}
      </p>
    </section>
  );
}

/** "Check now", "check again": a read the payer asks for, never a new confirm; it says so while it runs. */
export function CheckButton({
  model,
  label,
}: {
  model: CheckoutModel;
  label: 'pending.checkNow' | 'unknown.check' | 'error.checkStatus';
}) {
  const { t } = useI18n();
  const checking = model.checking.value;
  return (
    <button
      type="button"
      class="momo-secondary"
      onClick={() => void model.checkNow()}
      disabled={checking}
      aria-busy={checking}
    >
      {checking ? t('pending.checking') : t(label)}
    </button>
  );
}

/** A step that is a script of its own: fetched once asked for, a spinner meanwhile, a way to try again if it fails. */
function Step({ name, props }: { name: 'otp' | 'app'; props: StepProps }) {
  const { t } = useI18n();
  const [loaded, setLoaded] = useState<{ name: string; Step: FunctionComponent<StepProps> } | 'failed' | null>(null);
  const [tries, setTries] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tries` is not read, it is what loads the part again (the payer's "try again").
  useEffect(() => {
    let live = true;
    loadPart(name, props.base).then(
      (factory) => live && setLoaded({ name, Step: made(factory) }),
      () => live && setLoaded('failed'),
    );
    return () => {
      live = false;
    };
  }, [name, props.base, tries]);
  if (loaded === 'failed') {
    return (
      <p class="momo-notice" role="alert">
        {t('step.failed')}{' '}
        <button
          type="button"
          class="momo-link"
          onClick={() => {
            setLoaded(null);
            setTries((n) => n + 1);
          }}
        >
          {t('step.retry')}
        </button>
      </p>
    );
  }
  if (!loaded || loaded.name !== name) return <Spinner />;
  return <loaded.Step {...props} />;
}

/** Each step's component, made once from its factory: the same component on every render. */
const components = new Map<unknown, FunctionComponent<StepProps>>();
function made(factory: (lib: typeof STEP_LIB) => FunctionComponent<StepProps>) {
  let component = components.get(factory);
  if (!component) {
    component = factory(STEP_LIB);
    components.set(factory, component);
  }
  return component;
}
