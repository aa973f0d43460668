// Checks of mobile-money payment data beyond its shape: the country, number and operator must
// exist together, as a real operator would refuse anything else.
import type { PaymentMethodData } from '../api/types';
import { findCountry, nationalDigits, operatorsOf } from '../phone';
import { invalidField } from './errors';
import { isMobileMsisdn } from './phone';

const FIELD = 'payment_method_data.momo';

export interface MomoAccount {
  country: string;
  operator: string;
  msisdn: string;
  /** The national significant number (without the calling code). */
  national: string;
}

/**
 * The payer's (or payee's) account, checked. With `currency` (a confirm: the intent's), the
 * country must pay in it, as an operator moves money only in its own country's currency.
 */
export function checkMomo(data: PaymentMethodData, currency?: string): MomoAccount {
  const { country, msisdn, operator_name: operator } = data.momo;
  const operators = operatorsOf(country);
  if (operators === undefined) {
    throw invalidField(
      `${FIELD}.country`,
      `\`${FIELD}.country\` "${country}" is not a country where mobile-money payments are supported.`,
    );
  }
  const countryCurrency = findCountry(country)?.currency;
  if (currency !== undefined && countryCurrency !== currency) {
    throw invalidField(
      `${FIELD}.country`,
      `\`${FIELD}.country\` "${country}" pays in "${countryCurrency}"; this payment is in "${currency}", so the payer must pay from a country that uses it.`,
    );
  }
  if (!isMobileMsisdn(country, msisdn)) {
    throw invalidField(`${FIELD}.msisdn`, `\`${FIELD}.msisdn\` is not a valid mobile number of country "${country}".`);
  }
  if (!operators.includes(operator)) {
    throw invalidField(
      `${FIELD}.operator_name`,
      `\`${FIELD}.operator_name\` "${operator}" is not supported in country "${country}"; use one of: ${operators.join(', ')}.`,
    );
  }
  const callingCode = findCountry(country)?.callingCode ?? '';
  return { country, operator, msisdn, national: nationalDigits(country, msisdn.slice(callingCode.length)) };
}
