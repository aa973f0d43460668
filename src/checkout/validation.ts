// The payer's own fields (names, receipt e-mail) as rules: each answers a message or null. The
// fields of the payment method have their rules in its folder (src/methods/<type>/). The form
// shows a field's message only once the payer has left it or tried to pay.
import { emailParser } from '../api/schemas/parsers';
import type { Message } from '../i18n';

export interface PayerValues {
  firstName: string;
  lastName: string;
  email: string;
}

/** A field's message; a warning is shown but does not stop the payment (prefix tables age). */
export type FieldError = Message & { warning?: true };

/** A rule per field: its message for these values, or null. */
export type Rules<Values> = { [F in keyof Values]: (values: Values) => FieldError | null };

// Letters of any script with their accents, joined by spaces, hyphens, apostrophes or dots.
const NAME = /^\p{L}[\p{L}\p{M}]*\.?(?:[ '’-]+\p{L}[\p{L}\p{M}]*\.?)*$/u;

/** The service's limit on a name (see the contract's confirm request). */
const NAME_MAX = 100;

function checkName(field: 'firstName' | 'lastName', value: string): FieldError | null {
  const name = value.trim();
  if (!name) return { key: `error.${field}.empty` };
  if (name.length > NAME_MAX) return { key: 'error.name.tooLong', params: { max: NAME_MAX } };
  return NAME.test(name) ? null : { key: `error.${field}.invalid` };
}

export const payerRules: Rules<PayerValues> = {
  firstName: (v) => checkName('firstName', v.firstName),
  lastName: (v) => checkName('lastName', v.lastName),
  email: (v) => {
    const email = v.email.trim();
    if (!email) return { key: 'error.email.empty' };
    return emailParser.safeParse(email).success ? null : { key: 'error.email.invalid' };
  },
};

/** The payer field a refused field of the confirm body is, and what to say under it. */
export const PAYER_REFUSALS: Readonly<Record<string, [keyof PayerValues, FieldError]>> = {
  first_name: ['firstName', { key: 'error.firstName.invalid' }],
  last_name: ['lastName', { key: 'error.lastName.invalid' }],
  receipt_email: ['email', { key: 'error.email.invalid' }],
};

/** The messages `rules` give for `values`. */
export function validate<Values>(rules: Rules<Values>, values: Values): Partial<Record<keyof Values, FieldError>> {
  const errors: Partial<Record<keyof Values, FieldError>> = {};
  for (const field in rules) {
    const error = rules[field](values);
    if (error) errors[field] = error;
  }
  return errors;
}

/** Whether any of these messages stops the payment (warnings do not). */
export const isBlocking = (errors: Partial<Record<string, FieldError>>) =>
  Object.values(errors).some((error) => error && !error.warning);
