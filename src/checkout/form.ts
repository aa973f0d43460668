// The payer form: what has been typed, which fields the payer has left (their messages show from
// then on), what the service refused, and the rules — the payer's own and the payment method's.
import { computed, type ReadonlySignal, signal } from '@preact/signals';
import type { ConfirmRequest, Customer, PaymentIntentView } from '../api/types';
import { METHOD, type MethodValues } from '../methods';
import { type FieldError, isBlocking, PAYER_REFUSALS, type PayerValues, payerRules, validate } from './validation';

export type FormValues = PayerValues & MethodValues;
export type Field = keyof FormValues;
export type FieldErrors = Partial<Record<Field, FieldError>>;

const PAYER_FIELDS = Object.keys(payerRules) as (keyof PayerValues)[];
const FIELDS: readonly Field[] = [...PAYER_FIELDS, ...(Object.keys(METHOD.rules) as (keyof MethodValues)[])];
const isPayerField = (field: Field): field is keyof PayerValues => (PAYER_FIELDS as Field[]).includes(field);

/** Every message the rules give for `values`: the payer's own, and the method's. */
export const formErrors = (values: FormValues): FieldErrors => ({
  ...validate(payerRules, values),
  ...validate(METHOD.rules, values),
});

/** The confirm body for `values` (names trimmed); undefined if the method cannot pay with them. */
export function confirmRequest(values: FormValues, clientSecret: string): ConfirmRequest | undefined {
  const data = METHOD.data(values);
  return (
    data && {
      client_secret: clientSecret,
      first_name: values.firstName.trim(),
      last_name: values.lastName.trim(),
      receipt_email: values.email.trim(),
      payment_method_data: data,
    }
  );
}

export function createForm(defaultCountry?: string) {
  const values = signal<FormValues>({ firstName: '', lastName: '', email: '', ...METHOD.initial(defaultCountry) });
  /** Where the payer is, if known: what the method's choices default to. */
  let payerCountry = defaultCountry;
  /** The intent's currency, once read: what the method's choices must pay in. */
  const currency = signal<string | null>(null);
  /** Extension: the wallets not up, as the intent's first read said; the method does not choose them. */
  let health: PaymentIntentView['availability'];
  const touched = signal<ReadonlySet<Field>>(new Set());
  /** What the service refused, though the rules passed it: shown until the field changes. */
  const refused = signal<FieldErrors>({});
  /** The fields the checkout filled in for the payer (the wallet detected from the number). */
  const filled = signal<ReadonlySet<string>>(new Set());

  const errors = computed<FieldErrors>(() => ({ ...formErrors(values.value), ...refused.value }));
  const visibleErrors = computed(() => {
    const shown: FieldErrors = {};
    for (const field of FIELDS) if (touched.value.has(field) && errors.value[field]) shown[field] = errors.value[field];
    return shown;
  });
  const valid = computed(() => !isBlocking(errors.value));

  function setField(field: Field, raw: string) {
    const current = values.value;
    if (isPayerField(field)) {
      values.value = { ...current, [field]: raw };
    } else {
      const edited = METHOD.edit(current, field, raw, filled.value, currency.value, health);
      values.value = { ...current, ...edited.values };
      filled.value = edited.filled;
    }
    if (refused.value[field]) refused.value = { ...refused.value, [field]: undefined };
  }

  /** Changes the method's fields as the payer's edits would (formatted, the wallet detected…). */
  function edit(changes: Partial<MethodValues>) {
    changeEach(Object.entries(changes));
  }

  /** Each field to its value, in turn (a field may change others: each is compared as it comes). */
  function changeEach(changes: [string, string | undefined][]) {
    for (const [field, value] of changes as [keyof MethodValues, string][])
      if (value !== values.value[field]) setField(field, value);
  }

  /**
   * The intent's currency is known: choices that cannot pay in it are changed (the number is
   * kept), to the payer's country if it can pay, else to the merchant's (`merchantCountry`).
   */
  function payIn(intentCurrency: string, merchantCountry?: string, wallets?: PaymentIntentView['availability']) {
    currency.value = intentCurrency;
    health = wallets;
    edit(METHOD.payIn(values.value, intentCurrency, [payerCountry, merchantCountry]));
    // A wallet chosen from the number before the read said it is down is let go (the number stays).
    if (wallets && wallets.length > 0 && filled.value.has('operator')) setField('phone', values.value.phone);
  }

  /**
   * The payer's country, learnt after the form was made (a page that took over a screen prerendered
   * without it): the fields that still hold their first values take the ones it gives.
   */
  function setDefaultCountry(country: string | undefined) {
    payerCountry = country;
    const [first, wanted] = [METHOD.initial(), METHOD.initial(country)];
    // The entries as they are, not Object.fromEntries: no fallback for the engine floor in the
    // first load (src/compat.ts).
    changeEach(
      Object.entries(wanted).filter(
        ([field]) => values.value[field as keyof MethodValues] === first[field as keyof MethodValues],
      ),
    );
  }

  /**
   * What the merchant knows of the payer (an extension: a session's `customer`, the widget's
   * option): it fills the fields still empty, as the payer's own typing would (a number with its
   * calling code selects its country). Every field stays the payer's to change.
   */
  function prefill(customer: Customer | null | undefined) {
    if (!customer) return;
    const given: [Field, string | undefined][] = [
      ['firstName', customer.firstName],
      ['lastName', customer.lastName],
      ['email', customer.email],
      ['phone', customer.phone && (/^\+/.test(customer.phone) ? customer.phone : `+${customer.phone}`)],
    ];
    for (const [field, value] of given)
      if (value && value.trim() && !values.value[field]) setField(field, value.trim());
  }

  /** Forgets what the payer typed (a page come back to, maybe by someone else): the form as it began. */
  function forget() {
    values.value = { firstName: '', lastName: '', email: '', ...METHOD.initial(payerCountry) };
    if (currency.value) edit(METHOD.payIn(values.value, currency.value, [payerCountry]));
    touched.value = new Set();
    refused.value = {};
    filled.value = new Set();
  }

  function blur(field: Field) {
    if (!touched.value.has(field)) touched.value = new Set([...touched.value, field]);
  }

  return {
    values,
    currency: currency as ReadonlySignal<string | null>,
    payIn,
    setDefaultCountry,
    prefill,
    forget,
    errors,
    visibleErrors,
    filled,
    valid,
    setField,
    blur,
    /** Shows every message, as when the payer tries to pay; answers whether nothing blocks. */
    touchAll(): boolean {
      touched.value = new Set(FIELDS);
      return valid.value;
    },
    /** Shows the service's refusal of a field of the confirm body; false if no field of the form is it. */
    refuse(path: string): boolean {
      const found = PAYER_REFUSALS[path] || METHOD.refusal(path, values.value);
      if (found) refused.value = { [found[0]]: found[1] };
      return Boolean(found);
    },
    /** The confirm body for the values as they are; undefined if the method cannot pay with them. */
    request: (clientSecret: string) => confirmRequest(values.value, clientSecret),
  };
}

export type Form = ReturnType<typeof createForm>;
