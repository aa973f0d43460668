// The single verdict the payment form shows under the phone field.
import { NATIONAL_PLANS, findCountry } from './countries';
import { readNumber, text } from './input';
import { operatorOfNsn } from './operator';
import { intendedNsn } from './validate';

export type PhoneProblem = 'empty' | 'too_short' | 'too_long' | 'invalid' | 'wrong_operator';

/**
 * null when `input` is a valid mobile number of `country` and, when `operator` is given (not
 * blank), that operator serves the country and the prefix belongs to no other operator. A valid
 * number whose prefix matches no listed operator is accepted: the tables may lag behind newly
 * allocated ranges, and portability moves numbers anyway.
 */
export function checkPhone(country: string, input: string, operator?: string): PhoneProblem | null {
  const found = findCountry(country);
  const typed = text(input);
  if (typed.trim() === '') return 'empty';
  const number = found && readNumber(found.code, typed);
  if (!number || !number.clean) return 'invalid';
  if (number.foreign !== undefined) {
    return found.callingCode.startsWith(number.foreign) ? 'too_short' : 'invalid';
  }
  const nsn = intendedNsn(found, number.nsn);
  if (nsn === undefined) {
    const length = NATIONAL_PLANS[found.code].length;
    if (number.nsn.length < length) return 'too_short';
    if (number.nsn.length > length) return 'too_long';
    return 'invalid';
  }
  const wanted = typeof operator === 'string' ? operator.trim().toLowerCase() : '';
  if (wanted === '') return null;
  if (!found.operators.some((o) => o.name === wanted)) return 'wrong_operator';
  const actual = operatorOfNsn(found, nsn);
  return actual !== undefined && actual !== wanted ? 'wrong_operator' : null;
}
