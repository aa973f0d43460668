import type { FieldError } from '../../checkout/validation';
import { useI18n } from '../../components/i18n';
import { useFieldMessage } from '../../components/TextField';
import type { Wallet } from '../../phone';

interface Props {
  wallets: readonly Wallet[];
  value: string;
  detected: boolean;
  error?: FieldError | undefined;
  disabled?: boolean;
  onValue(value: string): void;
  onLeave(): void;
}

/** The wallets of the chosen country as a native radio group; values are the API's operator names. */
export function OperatorPicker({ wallets, value, detected, error, onValue, onLeave }: Props) {
  const { t } = useI18n();
  const message = useFieldMessage(error);
  return (
    <fieldset class="momo-field momo-operators" aria-describedby={message ? 'momo-operator-error' : undefined} data-invalid={message ? '' : undefined}>
      <legend>{t('form.operator')}</legend>
      <div class="momo-operator-list">
        {wallets.map((wallet) => (
          <label key={wallet.name} class="momo-operator" data-operator={wallet.name}>
            <input
              type="radio"
              name="operator"
              value={wallet.name}
              checked={value === wallet.name}
              onChange={() => onValue(wallet.name)}
              onBlur={onLeave}
            />
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
