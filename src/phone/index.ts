// Phone numbers of the supported countries: networks and wallets, validation, formatting, masking.
// Implementation modules are internal; import from here.
export type { CountryCode, Country, Network, Wallet } from './countries';
export { COUNTRIES, countryOfLanguages, countryOfPhone, findCountry, findWallet, operatorsOf } from './countries';
export { isValidMsisdn, planAllows, toMsisdn, nationalDigits } from './validate';
export { formatAsTyped } from './format';
export { readNumber } from './input';
export { detectNetwork, detectWallet } from './network';
export { maskLastDigits, maskMsisdn } from './mask';
export type { PhoneProblem } from './check';
export { checkPhone } from './check';
export type { TestNumber, TestOutcome } from './test-numbers';
export { TEST_NUMBERS, TEST_SUFFIXES } from './test-numbers';
