// "Someone else pays" (docs/decisions.md): the payer hands the payment on to someone who pays it on
// their own phone — offered on the form and after a failed attempt (./HandOffOffer.tsx), then the screen
// `shared` (HandOff), which the model follows until it is paid, by whichever phone. The sheet
// itself (the link, the share sheet, WhatsApp, the copy, the QR code) and its messages are a part of
// their own (src/hosted/handoff.ts, dist/steps/handoff.js), fetched only here. Screens after the
// form (./screens.ts): none of this is in the first load.
import type { FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { CheckoutModel } from '../checkout/model';
import type { HandedOn, HandOffPart, SheetProps } from '../hosted/handoff';
import { formatAmount } from '../i18n';
import { STEP_LIB } from '../methods/step-lib';
import { loadPart } from '../parts/load';
import { useI18n } from './i18n';
import { CheckButton } from './Pending';
import { Spinner } from './Spinner';

/**
 * Where the payment handed on stands, from the intent as last read; `before`: its last charge when
 * it was handed on (a failure of the payer's own before that is not theirs).
 */
export function handedOn(intent: CheckoutModel['intent']['value'], before: string | null): HandedOn {
  if (intent && intent.status === 'pending') return 'underWay';
  const failed = intent && intent.last_payment_error;
  return failed && intent.charge_id !== before ? 'theirFailed' : 'waiting';
}

let sheet: FunctionComponent<SheetProps> | null = null;

/** The screen `shared`: the sheet to send the link with, and where the payment stands. */
export function HandOff({
  model,
  base = '',
  headingRef,
}: {
  model: CheckoutModel;
  base?: string;
  headingRef: preact.Ref<HTMLHeadingElement>;
}) {
  const { lang, t } = useI18n();
  const [state, setState] = useState<'here' | 'failed' | null>(sheet ? 'here' : null);
  const fetchSheet = () => {
    setState(null);
    loadPart<HandOffPart>('handoff', base).then(
      (part) => {
        sheet ||= part.make(STEP_LIB);
        setState('here');
      },
      () => setState('failed'),
    );
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the screen is shown
  useEffect(() => void (sheet || fetchSheet()), []);
  const intent = model.intent.value;
  const [before] = useState(() => intent && intent.charge_id);
  const merchant = model.merchant.value;
  const Sheet = sheet;
  return (
    <section class="momo-screen momo-handed-on">
      <h2 tabIndex={-1} ref={headingRef}>
        {t('handoff.heading')}
      </h2>
      {Sheet && state === 'here' ? (
        <Sheet
          lang={lang}
          url={new URL(model.handOffPath(), base || location.href).href}
          amount={intent ? formatAmount(intent.amount, intent.currency, lang) : ''}
          merchant={merchant && merchant.name}
          status={handedOn(intent, before)}
          base={base}
          payMyself={model.retry}
        />
      ) : state === 'failed' ? (
        <p class="momo-notice" role="alert">
          {t('error.network')}{' '}
          <button type="button" class="momo-link" onClick={fetchSheet}>
            {t('error.retry')}
          </button>
        </p>
      ) : (
        <Spinner />
      )}
      {/* Followed by reads: when they fail, said, with a read to ask for — never "waiting" forever. */}
      {(!model.online.value || model.readTrouble.value) && (
        <p class="momo-notice" role="alert">
          {t('pending.offline')}
        </p>
      )}
      <CheckButton model={model} label="handoff.check" />
      {/*
       * No cancel here: their approval may be under way on the other phone, and the merchant told
       * "canceled" of a payment that then succeeds (as the waiting screen offers none). To leave,
       * "I'll pay myself" brings the form back, with its cancel link, while nobody is paying.
       */}
    </section>
  );
}
