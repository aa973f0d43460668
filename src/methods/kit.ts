// What a payment method's folder may take from the rest of the product, and nothing else: the
// phone numbering plan its fields need and the contract's types. A method imports the seam (this
// file, ./ui.ts for its views, ./types.ts, ./steps.ts, ./register-step.ts) and its own folder only
// — biome.json's import rules hold it — so what a method depends on is read here, in one place.
export type { FailureCode, OutcomeName } from '../sandbox/outcomes';
export type { ErrorCode } from '../sandbox/errors';
export type { NextAction, WalletHealthView } from '../api/types';
export type { FieldError } from '../checkout/validation';
export type { Lang } from '../i18n';
export type { Placeholders, TextWith, Values } from '../i18n/messages';
export {
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
  type Wallet,
} from '../phone';
