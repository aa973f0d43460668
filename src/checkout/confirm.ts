// Paying: one click sends one confirm. The payer's press is answered here, at once — the form's
// rules, and the screen that says the confirm is on its way, so that a second click or Enter finds
// no form to send —; the sending itself (the confirm, and the recovery of one whose answer was lost)
// is ./send, which the hosted page and widget.js fetch with the screens after the form (./sending):
// a press before it has arrived waits for it, and sends once it is here.
import { computed } from '@preact/signals';
import { METHOD } from '../methods';
import type { Sending, SendingWiring, StepAnswer } from './send';
import type { loadSending } from './sending';
import type { Attempt } from './screens';

interface Wiring extends SendingWiring {
  /** The sending half, as it arrives (./sending's loadSending). */
  sending: typeof loadSending;
}

export function createConfirm(wiring: Wiring) {
  const { clientSecret, clock, form, outcome, signal: aborted } = wiring;
  const { screen, intent, dispatch } = outcome;
  let sender: Promise<Sending> | null = null;
  /** The sending half, made once for this model; a failed fetch is forgotten, so the next press fetches it again. */
  const sending = () => {
    sender ||= wiring.sending().then(
      (create) => create(wiring),
      (error) => {
        sender = null;
        throw error;
      },
    );
    return sender;
  };

  async function submit(): Promise<boolean> {
    // The screen changes before any await: a second click or Enter finds it no longer a form.
    if (screen.value.name !== 'form') return false;
    if (!form.touchAll()) return !dispatch({ type: 'notice', notice: { key: 'form.fixErrors' } });
    const body = form.request(clientSecret);
    if (!body) return false;
    const started: Attempt = {
      method: METHOD.view(form.values.value),
      chargeId: null,
      startedAt: clock.now(),
      expiresAt: null,
      step: { type: 'push', ussd: null },
    };
    if (!dispatch({ type: 'submit', attempt: started })) return false;
    const chargesBefore = intent.value ? intent.value.event.charges.length : 0;
    let send: Sending;
    try {
      send = await sending();
    } catch {
      // Nothing has left the page: the form again, saying the connection failed; the next press
      // fetches the sending half again.
      if (!aborted.aborted) dispatch({ type: 'notice', notice: { key: 'error.network' } });
      return false;
    }
    return !aborted.aborted && send.confirm(body, started, chargesBefore);
  }

  /** "No prompt? Send it again": a new attempt with the same details, once the last one ended. */
  const resendTo = computed(() =>
    screen.value.name === 'failed' && form.valid.value ? METHOD.view(form.values.value) : null,
  );

  return {
    submit,
    /** The payer's answer to the step the service asks for (./send): its step is a screen after the form, so the sending half is here. */
    answerStep: (answer: StepAnswer): Promise<boolean> =>
      sending().then(
        (send) => send.answerStep(answer),
        () => false,
      ),
    resendTo,
    resend(): Promise<boolean> {
      if (!resendTo.value || !dispatch({ type: 'edit' })) return Promise.resolve(false);
      return submit();
    },
  };
}
