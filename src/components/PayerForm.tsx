import type { Checkout } from '../checkout/model';
import type { Field } from '../checkout/validation';
import { formatAmount } from '../i18n';
import { COUNTRIES, findCountry } from '../phone';
import { countryName, useI18n } from './i18n';
import { OperatorPicker } from './OperatorPicker';
import { Spinner } from './Spinner';
import { TextField } from './TextField';

/** The payer's details and the pay button. Stays on screen, locked, while the confirm is sent. */
export function PayerForm({ model }: { model: Checkout }) {
  const { lang, t } = useI18n();
  const screen = model.screen.value;
  const busy = screen.name === 'confirming';
  const notice = screen.name === 'form' ? screen.notice : undefined;
  const values = model.values.value;
  const errors = model.visibleErrors.value;
  const intent = model.intent.value;
  const country = findCountry(values.country);
  const field = (name: Field) => ({
    value: values[name],
    error: errors[name],
    onValue: (value: string) => model.setField(name, value),
    onLeave: () => model.blur(name),
  });

  async function onSubmit(event: Event) {
    event.preventDefault();
    const sent = await model.submit();
    if (!sent) {
      // Take the payer to the first field to fix.
      const form = event.target as HTMLFormElement | null;
      form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] input')?.focus();
    }
  }

  return (
    <form class="momo-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <fieldset disabled={busy} class="momo-plain">
        <div class="momo-row">
          <TextField id="momo-first-name" label={t('form.firstName')} autocomplete="given-name" autocapitalize="words" enterkeyhint="next" {...field('firstName')} />
          <TextField id="momo-last-name" label={t('form.lastName')} autocomplete="family-name" autocapitalize="words" enterkeyhint="next" {...field('lastName')} />
        </div>
        <TextField id="momo-email" type="email" inputMode="email" label={t('form.email')} autocomplete="email" spellcheck={false} enterkeyhint="next" {...field('email')} />
        <div class="momo-field momo-select">
          <label for="momo-country">{t('form.country')}</label>
          <select id="momo-country" autocomplete="country" value={values.country} onChange={(event) => model.setField('country', event.currentTarget.value)}>
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {countryName(c.code, lang)} (+{c.callingCode})
              </option>
            ))}
          </select>
        </div>
        <TextField
          id="momo-phone"
          type="tel"
          inputMode="tel"
          autocomplete="tel-national"
          enterkeyhint="done"
          label={t('form.phone')}
          prefix={country ? `+${country.callingCode}` : undefined}
          hint={t('form.phoneHint')}
          {...field('phone')}
        />
        <OperatorPicker wallets={country?.wallets ?? []} detected={model.operatorDetected.value} {...field('operator')} />
      </fieldset>
      {notice && (
        <p class="momo-notice" role="alert">
          {t(notice)}
        </p>
      )}
      <button type="submit" class="momo-pay" disabled={busy} aria-disabled={busy}>
        {busy ? (
          <>
            <Spinner /> {t('form.paying')}
          </>
        ) : (
          t('form.pay', { amount: intent ? formatAmount(intent.amount, intent.currency, lang) : '' })
        )}
      </button>
      <p class="momo-secure">{t('form.secure')}</p>
    </form>
  );
}
