// How mobile money shows on the form: its fields (country, number, wallet) and its name. What the
// payer does while the operator's prompt waits, and what the receipt says paid: ./screen-views.tsx.
import { COUNTRIES, findCountry } from '../kit';
import type { MethodViews } from '../types';
import { countryName, TextField, useI18n } from '../ui';
import { canPayIn, type MomoValues, type MomoView, walletLabel } from './method';
import { OperatorPicker } from './OperatorPicker';

export const momoViews: MethodViews<MomoValues, MomoView> = {
  Fields({ values, currency, errors, filled, health, onValue, onLeave }) {
    const { lang, t } = useI18n();
    const country = findCountry(values.country);
    const field = (name: keyof MomoValues) => ({
      value: values[name],
      error: errors[name],
      onValue: (value: string) => onValue(name, value),
      onLeave: () => onLeave(name),
    });
    return (
      <>
        <div class="momo-field momo-select">
          <label for="momo-country">{t('form.country')}</label>
          <select
            id="momo-country"
            name="country"
            autocomplete="country"
            value={values.country}
            onChange={(event) => onValue('country', event.currentTarget.value)}
          >
            {/* Only the countries with a wallet that pays in the intent's currency: an XOF intent never offers Cameroon. */}
            {COUNTRIES.filter((c) => canPayIn(c, currency)).map((c) => (
              <option key={c.code} value={c.code}>
                {/* One text node, as the prerendered page has it: hydration then keeps it. The calling
                    code is the number's prefix, below: the name alone fits a 240 px phone. */}
                {countryName(c.code, lang)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          id="momo-phone"
          name="phone"
          type="tel"
          inputMode="tel"
          autocomplete="tel-national"
          enterkeyhint="next"
          label={t('form.phone')}
          prefix={country ? `+${country.callingCode}` : undefined}
          hint={t('form.phoneHint')}
          {...field('phone')}
        />
        <OperatorPicker
          wallets={country ? country.wallets : []}
          detected={filled.has('operator')}
          health={health}
          country={values.country}
          {...field('operator')}
        />
      </>
    );
  },

  label: (view) => walletLabel(view.operator, view.country),
};
