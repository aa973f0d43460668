// The single verdict the payment form shows under the phone field.
import { NATIONAL_PLANS, findCountry } from './countries';
import { readNumber, text } from './input';
import { onOtherNetwork } from './network';
import { intendedNsn } from './validate';

export type PhoneProblem = 'empty' | 'too_short' | 'too_long' | 'invalid' | 'other_network';

/**
 * null when `input` is a valid mobile number of `country` and, when `wallet` is given (not blank)
 * and takes the numbers of one network only, the number is not another network's. A valid number
 * whose prefix matches no listed network is accepted: the tables may lag behind newly allocated
 * ranges, and portability moves numbers anyway. (A wallet the country does not have is the wallet
 * field's problem, not the number's.)
 */
export function checkPhone(country: string, input: string, wallet?: string): PhoneProblem | null {
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
  const wanted = typeof wallet === 'string' ? wallet.trim().toLowerCase() : '';
  return onOtherNetwork(found, nsn, wanted) ? 'other_network' : null;
}
