import { useI18n } from './i18n';
import type { FieldError } from '../checkout/validation';
import { useCaret } from './useCaret';

interface InputProps {
  /** What the field is called in a form posted without the script (src/server/plain-payment.ts). */
  name?: string;
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'text' | 'email' | 'tel';
  autocomplete?: string;
  autocapitalize?: 'words' | 'off';
  enterkeyhint?: 'next' | 'done';
  spellcheck?: boolean;
}

interface Props extends InputProps {
  id: string;
  label: string;
  value: string;
  error?: FieldError | undefined;
  hint?: string;
  prefix?: string;
  onValue(value: string): void;
  onLeave(): void;
}

/** A labelled input whose error and hint are tied to it for screen readers. */
export function TextField({ id, label, value, error, hint, prefix, onValue, onLeave, type = 'text', ...input }: Props) {
  const message = useFieldMessage(error);
  // (`error && error.warning` rather than `error?.warning`: cheaper once lowered to the engine floor.)
  const warning = error && error.warning;
  const caret = useCaret(value);
  const describedBy = [hint && `${id}-hint`, message && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div class="momo-field" data-invalid={message && !warning ? '' : undefined}>
      <label for={id}>{label}</label>
      {/* A phone number reads left to right with its prefix, in Arabic too (checkout.css). */}
      <div class="momo-input" dir={type === 'tel' ? 'ltr' : undefined}>
        {prefix && (
          <span class="momo-prefix" aria-hidden="true">
            {prefix}
          </span>
        )}
        <input
          {...input}
          // Preact's input types are a union per type; the three used here share every prop.
          type={type as 'text'}
          ref={caret.ref}
          id={id}
          value={value}
          aria-invalid={message && !warning ? 'true' : undefined}
          aria-describedby={describedBy}
          onInput={(event) => {
            caret.remember(event.currentTarget);
            onValue(event.currentTarget.value);
          }}
          onBlur={onLeave}
        />
      </div>
      {hint && (
        <p id={`${id}-hint`} class="momo-hint">
          {hint}
        </p>
      )}
      {message && (
        <p id={`${id}-error`} class={warning ? 'momo-warning' : 'momo-error'}>
          {message}
        </p>
      )}
    </div>
  );
}

export function useFieldMessage(error: FieldError | undefined): string | undefined {
  const { t } = useI18n();
  return error && t(error);
}
