// Mobile money: the payer's country, number and wallet (the API's `operator_name`). The number is
// formatted as typed and its wallet chosen from its network; a confirm carries
// `payment_method_data.momo`; the number is shown again in full on the payer's screen that typed
// it, masked wherever it is read back from the service.
import {
  COUNTRIES,
  type Country,
  checkPhone,
  detectNetwork,
  detectWallet,
  findCountry,
  findWallet,
  formatAsTyped,
  maskLastDigits,
  readNumber,
  toMsisdn,
} from '../kit';
import type { PaymentMethod } from '../types';
import { approvalOf, REPEAT_REFUSAL_MS } from './approval';

export interface MomoValues {
  country: string;
  /** The wallet, as the API names it. */
  operator: string;
  phone: string;
}

/**
 * An attempt as the payer sees it: the wallet, and the number — in full as typed on the screen
 * that typed it ("06 123 45 67"), masked when read back from the service ("+242 •• ••• 12 34").
 */
export interface MomoView {
  type: 'momo';
  country: string;
  operator: string;
  phone: string;
}

/** Whether a payer of `country` can pay in `currency` (any, while it is not known): a wallet of the country's currency. */
// (`a && a.b` rather than `a?.b` in this file: cheaper once lowered to the engine floor.)
export const canPayIn = (country: Country | undefined, currency: string | null): country is Country =>
  !!country && country.wallets.length > 0 && (!currency || country.currency === currency);

/** Whether `country`'s payers have the wallet `operator`. */
const hasWallet = (country: string, operator: string) => {
  const found = findCountry(country);
  return !!found && found.wallets.some((wallet) => wallet.name === operator);
};

/** A wallet's brand ("MTN MoMo"), looked up in the payer's country first. */
export const walletLabel = (operator: string, country: string) => {
  const wallet = findWallet(country, operator);
  return wallet ? wallet.label : operator.toUpperCase();
};

/** The field of each refused field of `payment_method_data.momo`. */
const FIELD_OF_PATH: Readonly<Record<string, keyof MomoValues>> = {
  'payment_method_data.momo.msisdn': 'phone',
  'payment_method_data.momo.country': 'phone',
  'payment_method_data.momo.operator_name': 'operator',
};

export const momo: PaymentMethod<MomoValues, MomoView> = {
  type: 'momo',

  initial: (defaultCountry = '') => {
    const payer = findCountry(defaultCountry);
    return { country: canPayIn(payer, null) ? payer.code : 'cg', operator: '', phone: '' };
  },

  // A payer's wallet pays in its country's currency: an XOF intent is paid from an XOF country.
  // The country chosen so far stays if it can pay; else the first of the preferred ones that can
  // (the payer's region, the merchant's country), else the first of all that can.
  payIn(values, currency, preferred) {
    if (canPayIn(findCountry(values.country), currency)) return {};
    const country = [...preferred.map((code) => findCountry(code || '')), ...COUNTRIES].find((c) =>
      canPayIn(c, currency),
    );
    return country ? { country: country.code } : {};
  },

  edit(values, field, raw, filled, currency, health) {
    const next = { ...values, [field]: raw };
    const auto = new Set(filled);
    // A number typed or pasted with another country's calling code ("+237 6…") is that country's.
    const foreign = field === 'phone' ? readNumber(values.country, raw)?.foreign : undefined;
    const abroad = foreign && COUNTRIES.find((c) => foreign.startsWith(c.callingCode) && canPayIn(c, currency));
    if (abroad) next.country = abroad.code;
    if ((field === 'country' || abroad) && !hasWallet(next.country, values.operator)) next.operator = '';
    if (field === 'phone' || field === 'country') {
      next.phone = formatAsTyped(next.country, next.phone);
      const detected = detectWallet(next.country, next.phone);
      // A wallet said to be down is not chosen for the payer (it stays theirs to choose: the report
      // may be stale), and one chosen so before is let go.
      const down =
        !!health &&
        health.some((h) => h.country === next.country && h.operator_name === detected && h.status === 'down');
      // The number's wallet is chosen unless the payer chose one by hand; once the number no longer
      // names a network, the wallet stays but is no longer said to be "detected from your number".
      if (detected && !down && (auto.has('operator') || !next.operator)) {
        next.operator = detected;
        auto.add('operator');
      } else if (down && auto.has('operator')) {
        next.operator = '';
        auto.delete('operator');
      } else if (!detected) auto.delete('operator');
    }
    if (field === 'operator') auto.delete('operator');
    return { values: next, filled: auto };
  },

  rules: {
    country: () => null,
    operator: (v) => (hasWallet(v.country, v.operator) ? null : { key: 'error.operator.empty' }),
    phone: (v) => {
      const problem = checkPhone(v.country, v.phone, v.operator || undefined);
      switch (problem) {
        case null:
          return null;
        case 'other_network':
          return {
            key: 'error.phone.other_network',
            params: {
              network: (detectNetwork(v.country, v.phone) || { name: '' }).name,
              wallet: walletLabel(v.operator, v.country),
            },
            warning: true,
          };
        case 'invalid':
          return { key: 'error.phone.invalid', params: { country: v.country } };
        default:
          return { key: `error.phone.${problem}` };
      }
    },
  },

  data(values) {
    const found = findCountry(values.country);
    const country = found && found.code;
    const msisdn = toMsisdn(values.country, values.phone);
    return country && msisdn ? { type: 'momo', momo: { country, msisdn, operator_name: values.operator } } : undefined;
  },

  refusal(path, values) {
    const field = FIELD_OF_PATH[path];
    if (field === 'operator') return [field, { key: 'error.operator.empty' }];
    return field && [field, { key: 'error.phone.invalid', params: { country: values.country } }];
  },

  refusesRepeat(values, { momo: last }, endedAt, now) {
    if (!last || now - endedAt > REPEAT_REFUSAL_MS || approvalOf(values.country, values.operator).kind !== 'enter_otp')
      return false;
    const msisdn = toMsisdn(values.country, values.phone);
    return (
      last.country === values.country &&
      last.operator_name === values.operator &&
      !!msisdn &&
      msisdn.endsWith(last.msisdn_last4)
    );
  },

  view(values) {
    const msisdn = toMsisdn(values.country, values.phone);
    return {
      type: 'momo',
      country: values.country,
      operator: values.operator,
      // In full, as the payer typed and reads it (the field keeps it formatted as typed: "06 123 45
      // 67"): on their own screen a typo can be seen, and its spaces let it wrap at 200 % text. A
      // read of the service's is masked.
      phone: msisdn ? values.phone : '',
    };
  },

  viewOfIntent: ({ momo: paid }) =>
    paid
      ? {
          type: 'momo',
          country: paid.country,
          operator: paid.operator_name,
          phone: maskLastDigits(paid.country, paid.operator_name, paid.msisdn_last4),
        }
      : null,
};
