import type { Field } from '../checkout/form';
import type { CheckoutModel } from '../checkout/model';
import { formatAmount } from '../i18n';
import { METHOD } from '../methods';
import { METHOD_VIEWS } from '../methods/views';
import { breakable, useI18n } from './i18n';
import { Spinner } from './Spinner';
import { TextField } from './TextField';

/** The payer's details and the pay button. Stays on screen, locked, while the confirm is sent. */
export function PayerForm({ model }: { model: CheckoutModel }) {
  const { lang, t } = useI18n();
  const screen = model.screen.value;
  const busy = screen.name === 'confirming';
  // The intent is still being read: the fields take typing, paying waits for the amount.
  const loading = screen.name === 'loading';
  const notice = screen.name === 'form' ? screen.notice : undefined;
  const values = model.values.value;
  const errors = model.visibleErrors.value;
  const intent = model.intent.value;
  const { Fields } = METHOD_VIEWS;
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
      const invalid = form && form.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] input');
      if (invalid) invalid.focus();
    }
  }

  return (
    <form class="momo-form" method="post" noValidate onSubmit={onSubmit} aria-busy={busy}>
      {/* What a mobile-money payment is comes first (the number, the wallet), then the receipt's details. */}
      <fieldset disabled={busy} class="momo-plain">
        <Fields
          values={values}
          currency={model.currency.value}
          errors={errors}
          filled={model.filled.value}
          health={intent ? intent.availability : undefined}
          onValue={model.setField}
          onLeave={model.blur}
        />
        <div class="momo-row">
          <TextField
            id="momo-first-name"
            name="firstName"
            label={t('form.firstName')}
            autocomplete="given-name"
            autocapitalize="words"
            enterkeyhint="next"
            {...field('firstName')}
          />
          <TextField
            id="momo-last-name"
            name="lastName"
            label={t('form.lastName')}
            autocomplete="family-name"
            autocapitalize="words"
            enterkeyhint="next"
            {...field('lastName')}
          />
        </div>
        <TextField
          id="momo-email"
          name="email"
          type="email"
          inputMode="email"
          label={t('form.email')}
          autocomplete="email"
          spellcheck={false}
          enterkeyhint="done"
          {...field('email')}
        />
      </fieldset>
      {model.repeatRisk.value && (
        <p class="momo-warning" role="status">
          {t('form.repeat', { wallet: METHOD_VIEWS.label(METHOD.view(values)) })}
        </p>
      )}
      {notice && (
        <p class="momo-notice" role="alert">
          {t(notice)}
        </p>
      )}
      {/* Pressing Pay must not blur the e-mail field first: its error would appear above the
          button and move it from under the pointer before the click lands. Submitting shows every
          error anyway. */}
      <button
        type="submit"
        class="momo-pay"
        disabled={busy || loading}
        aria-disabled={busy || loading}
        onMouseDown={(event) => event.preventDefault()}
      >
        {busy ? (
          <>
            <Spinner /> {t('form.paying')}
          </>
        ) : (
          t('form.pay', { amount: intent ? breakable(formatAmount(intent.amount, intent.currency, lang)) : '' })
        )}
      </button>
      <p class="momo-secure">{t('form.secure')}</p>
    </form>
  );
}
