// The plain payment's answer to a step (./plain-payment.ts, `POST /pay/<id>/answer`): the code a payer
// typed in the step's form (src/methods/momo/steps/enter_otp.page.ts), read by the step and sent to the
// service's endpoint for it (the contract's, `POST /v1/payment-intents/{id}/otp`) once — its Idempotency-Key made
// from the form's token, the attempt and the answer — for the attempt the form was shown for only.
import { ApiError } from '../api/errors';
import type { ClientConfig } from '../api/http';
import { answerStepView } from '../api/endpoints/checkout';
import { stepEntry } from '../methods/step-registry';
import type { FormTokens } from './form-token';
import type { Words } from './plain-pages';
import { type Payment, readFailed, readPayment, statusHref } from './plain-read';
import { isTheirs } from './plain-relative';
import { statusPage } from './plain-status';
import type { Visit } from './plain-waiting';
import { redirect } from './responses';

export async function postAnswer(
  config: ClientConfig,
  id: string,
  page: string,
  form: URLSearchParams,
  words: Words,
  tokens: FormTokens,
  visit: Visit,
): Promise<Response> {
  const { lang } = words;
  const token = form.get('token') ?? '';
  const check = tokens.verify(id, token);
  let payment: Payment;
  try {
    payment = await readPayment(config, id);
  } catch (error) {
    return readFailed(error, words, statusHref(page, lang));
  }
  const { intent } = payment;
  const action = intent.status === 'pending' ? intent.next_action : undefined;
  const step = stepEntry(action?.type)?.page.answer;
  // What the step asks, as the service sent it (`next_action[type]`).
  const ask = step && (action?.[action.type as keyof typeof action] as Readonly<Record<string, unknown>> | undefined);
  // An answer for an attempt that no longer asks for one (or an expired form), or from a relative's
  // page for an attempt it did not start (the payer's code is theirs to type): the status page.
  if (
    !ask ||
    isTheirs(visit, intent) ||
    !check.ok ||
    check.attempts !== intent.event.charges.length ||
    !intent.client_secret ||
    !intent.charge_id
  )
    return redirect(statusHref(page, lang), 303);
  const read = step.read(form, ask);
  if ('refused' in read)
    return statusPage(config, id, lang, tokens, visit, {
      refused: read.refused,
      status: 400,
    });
  const code = Object.values(read.answer).join(' ');
  try {
    await answerStepView(
      config,
      intent.intent_id,
      step.path,
      { client_secret: intent.client_secret, ...read.answer },
      { idempotencyKey: tokens.idempotencyKey(token, `${step.path} ${intent.charge_id} ${code}`) },
    );
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 400 || error.status === 422)
      return statusPage(config, id, lang, tokens, visit, { refused: error.code || 'refused', status: 400 });
  }
  return redirect(statusHref(page, lang), 303);
}
