// The plain payment's one-time code (./plain-payment.ts, `POST /pay/<id>/code`): the code a payer
// typed in the step's form (src/methods/momo/steps/enter_otp.page.ts), sent to the service's code
// endpoint (the contract's, `POST /v1/payment-intents/{id}/otp`) once — its Idempotency-Key made
// from the form's token, the attempt and the code — for the attempt the form was shown for only.
import { ApiError } from '../api/errors';
import type { ClientConfig } from '../api/http';
import { sendCodeView } from '../api/endpoints/checkout';
import type { FormTokens } from './form-token';
import type { Words } from './plain-pages';
import { type Payment, readFailed, readPayment, statusHref } from './plain-read';
import { statusPage } from './plain-status';
import { redirect } from './responses';

export async function postCode(
  config: ClientConfig,
  id: string,
  page: string,
  form: URLSearchParams,
  words: Words,
  tokens: FormTokens,
): Promise<Response> {
  const { lang } = words;
  const token = form.get('token') ?? '';
  const code = (form.get('code') ?? '').replace(/\s/g, '');
  const check = tokens.verify(id, token);
  let payment: Payment;
  try {
    payment = await readPayment(config, id);
  } catch (error) {
    return readFailed(error, words, statusHref(page, lang));
  }
  const { intent } = payment;
  const otp = intent.status === 'pending' ? intent.next_action?.enter_otp : undefined;
  // A code for an attempt that no longer asks for one (or an expired form): the status page.
  if (!otp || !check.ok || check.attempts !== intent.event.charges.length || !intent.client_secret || !intent.charge_id)
    return redirect(statusHref(page, lang), 303);
  if (!new RegExp(`^\\d{${otp.length}}$`).test(code))
    return statusPage(config, id, lang, tokens, {
      refused: 'short',
      status: 400,
    });
  try {
    await sendCodeView(
      config,
      intent.intent_id,
      { client_secret: intent.client_secret, code },
      { idempotencyKey: tokens.idempotencyKey(token, `otp ${intent.charge_id} ${code}`) },
    );
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 400 || error.status === 422)
      return statusPage(config, id, lang, tokens, { refused: error.code || 'refused', status: 400 });
  }
  return redirect(statusHref(page, lang), 303);
}
