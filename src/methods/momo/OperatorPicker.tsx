import type { FieldError, Wallet, WalletHealthView } from '../kit';
import { useFieldMessage, useI18n } from '../ui';
import { WalletNotices } from './health';

interface Props {
  wallets: readonly Wallet[];
  value: string;
  detected: boolean;
  error?: FieldError | undefined;
  /** Extension: the wallets not up, as the intent's read said; `country`, the payer's. */
  health?: readonly WalletHealthView[] | undefined;
  country: string;
  disabled?: boolean;
  onValue(value: string): void;
  onLeave(): void;
}

/** The letters of a wallet's mark: its brand if that is an acronym ("MTN"), else its initial. */
const markOf = (label: string) => {
  // biome-ignore lint/style/noNonNullAssertion: split() gives at least one part
  const brand = label.split(' ')[0]!;
  return brand.length <= 3 ? brand : brand[0];
};

/** The wallets of the chosen country as a native radio group; values are the API's operator names. */
export function OperatorPicker({ wallets, value, detected, error, health, country, onValue, onLeave }: Props) {
  const { t } = useI18n();
  const message = useFieldMessage(error);
  return (
    // A D-pad's centre key (Enter) on a wallet not chosen chooses it, as a tap does, rather than
    // sending a form not finished (KaiOS: test/browser/dpad.browser.test.ts); the radios are the
    // group's only controls.
    <fieldset
      class="momo-field momo-operators"
      aria-describedby={message ? 'momo-operator-error' : undefined}
      data-invalid={message ? '' : undefined}
      onKeyDown={(event) => {
        const radio = event.target as HTMLInputElement;
        if (event.key === 'Enter' && !radio.checked) {
          event.preventDefault();
          radio.click();
        }
      }}
    >
      <legend>{t('form.operator')}</legend>
      {/* What is said of the wallets not up (./health.tsx: the screens' part brings it, in the page and widget.js). */}
      {health && health.length > 0 && <WalletNotices wallets={wallets} health={health} country={country} />}
      <div class="momo-operator-list">
        {wallets.map((wallet) => (
          <label
            key={wallet.name}
            class="momo-operator"
            data-operator={wallet.name}
            data-chosen={value === wallet.name ? '' : undefined}
          >
            <input
              type="radio"
              name="operator"
              value={wallet.name}
              checked={value === wallet.name}
              onChange={() => onValue(wallet.name)}
              onBlur={onLeave}
            />
            {/* The wallet's colours, which payers know it by before they read: a mark, no artwork. */}
            <span class="momo-mark" aria-hidden="true">
              {markOf(wallet.label)}
            </span>
            <span>{wallet.label}</span>
          </label>
        ))}
      </div>
      {detected && value && <p class="momo-hint">{t('form.operatorDetected')}</p>}
      {message && (
        <p id="momo-operator-error" class="momo-error">
          {message}
        </p>
      )}
    </fieldset>
  );
}
