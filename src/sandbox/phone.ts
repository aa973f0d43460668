// The service's own verdict on a payer's number. A real payment service does not run the
// checkout's validation, and neither does its sandbox: it asks libphonenumber-js itself, with the
// package's full mobile metadata (on a server its size costs nothing). Only today's national plans
// (lengths, the leading 0), which that metadata lags behind, are shared with the checkout.
// test/phone/numbering.test.ts proves that the checkout and the service agree, number for number.
import { PhoneNumber } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/mobile/metadata';
import { findCountry, planAllows } from '../phone';

/** Whether `msisdn` (calling code + NSN, digits only) is a mobile number of `country` today. */
export function isMobileMsisdn(country: string, msisdn: string): boolean {
  const found = findCountry(country);
  if (!found || !/^\d+$/.test(msisdn) || !msisdn.startsWith(found.callingCode)) return false;
  const nsn = msisdn.slice(found.callingCode.length);
  if (!planAllows(found, nsn)) return false;
  try {
    const number = new PhoneNumber(`+${msisdn}`, metadata);
    return (
      number.countryCallingCode === found.callingCode &&
      number.nationalNumber === nsn &&
      number.isValid() &&
      number.getType() === 'MOBILE'
    );
  } catch {
    return false;
  }
}
