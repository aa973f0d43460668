// What a payment method's views may use of the screens (./kit.ts has the rest of the seam): the
// page's language and messages, its text field, the catalogues' country names.
export { useI18n } from '../components/i18n';
export { TextField, useFieldMessage } from '../components/TextField';
export { countryName } from '../i18n';
