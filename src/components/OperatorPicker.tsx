import type { Operator } from '../phone';
import type { FieldError } from '../checkout/validation';
import { useI18n } from './i18n';
import { useFieldMessage } from './TextField';

interface Props {
  operators: readonly Operator[];
  value: string;
  detected: boolean;
  error?: FieldError | undefined;
  disabled?: boolean;
  onValue(value: string): void;
  onLeave(): void;
}

/** The operators of the chosen country as a native radio group; values are the API's names. */
export function OperatorPicker({ operators, value, detected, error, onValue, onLeave }: Props) {
  const { t } = useI18n();
  const message = useFieldMessage(error);
  return (
    <fieldset class="momo-field momo-operators" aria-describedby={message ? 'momo-operator-error' : undefined} data-invalid={message ? '' : undefined}>
      <legend>{t('form.operator')}</legend>
      <div class="momo-operator-list">
        {operators.map((operator) => (
          <label key={operator.name} class="momo-operator" data-operator={operator.name}>
            <input
              type="radio"
              name="operator"
              value={operator.name}
              checked={value === operator.name}
              onChange={() => onValue(operator.name)}
              onBlur={onLeave}
            />
            <span>{operator.label}</span>
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
