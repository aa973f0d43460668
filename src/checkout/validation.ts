// The payer form's rules, as data: each field's check answers a message key (with its values) or
// null. The store shows a field's message only once the payer has left it or tried to pay.
import { emailSchema } from '../api/schemas/fields';
import type { Message } from '../i18n';
import type { ConfirmRequest } from '../api/types';
import { checkPhone, detectNetwork, findCountry, toMsisdn } from '../phone';

export interface FormValues {
  firstName: string;
  lastName: string;
  email: string;
  country: string;
  operator: string;
  phone: string;
}
export type Field = keyof FormValues;
/** A field's message; a warning is shown but does not stop the payment (prefix tables age). */
export type FieldError = Message & { warning?: true };

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

export const rules: { [F in Field]: (values: FormValues, labelOf: (operator: string) => string) => FieldError | null } = {
  firstName: (v) => checkName('firstName', v.firstName),
  lastName: (v) => checkName('lastName', v.lastName),
  email: (v) => {
    const email = v.email.trim();
    if (!email) return { key: 'error.email.empty' };
    return emailSchema.safeParse(email).success ? null : { key: 'error.email.invalid' };
  },
  country: () => null,
  operator: (v) => (findCountry(v.country)?.wallets.some((w) => w.name === v.operator) ? null : { key: 'error.operator.empty' }),
  phone: (v, labelOf): FieldError | null => {
    const problem = checkPhone(v.country, v.phone, v.operator || undefined);
    switch (problem) {
      case null:
        return null;
      case 'other_network':
        return { key: 'error.phone.other_network', params: { network: detectNetwork(v.country, v.phone)?.name ?? '', wallet: labelOf(v.operator) }, warning: true };
      case 'invalid':
        return { key: 'error.phone.invalid', params: { country: v.country } };
      default:
        return { key: `error.phone.${problem}` };
    }
  },
};

/** What to say under a field the service refused although these rules passed it. */
export function refusal(field: Field, values: FormValues): FieldError {
  switch (field) {
    case 'firstName':
    case 'lastName':
      return { key: `error.${field}.invalid` };
    case 'email':
      return { key: 'error.email.invalid' };
    case 'operator':
      return { key: 'error.operator.empty' };
    case 'country':
    case 'phone':
      return { key: 'error.phone.invalid', params: { country: values.country } };
  }
}

export const FIELDS = Object.keys(rules) as Field[];

export const isBlocking = (errors: Partial<Record<Field, FieldError>>) => FIELDS.some((field) => errors[field] && !errors[field]?.warning);

/** The confirm body for a valid form (names trimmed, number in international digits). */
export function confirmRequestFrom(form: FormValues, clientSecret: string): ConfirmRequest | undefined {
  const country = findCountry(form.country)?.code;
  const msisdn = toMsisdn(form.country, form.phone);
  if (!country || !msisdn) return undefined;
  return {
    client_secret: clientSecret,
    first_name: form.firstName.trim(),
    last_name: form.lastName.trim(),
    receipt_email: form.email.trim(),
    payment_method_data: { type: 'momo', momo: { country, msisdn, operator_name: form.operator } },
  };
}

export function validate(values: FormValues, labelOf: (operator: string) => string): Partial<Record<Field, FieldError>> {
  const errors: Partial<Record<Field, FieldError>> = {};
  for (const field of FIELDS) {
    const error = rules[field](values, labelOf);
    if (error) errors[field] = error;
  }
  return errors;
}
