// What a payment method's views may use of the screens (./kit.ts has the rest of the seam): the
// page's language and messages, its text field, the catalogues' country names, the
// clock's hook and the time of day in the payer's language.
export { useI18n } from '../components/i18n';
export { TextField, useFieldMessage } from '../components/TextField';
export { countryName } from '../i18n';
export { formatTime } from '../i18n/format';
export { useCountdown } from '../components/useCountdown';
