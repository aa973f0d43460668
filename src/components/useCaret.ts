import { useLayoutEffect, useRef } from 'preact/hooks';

/** Takes `text[i]` as TypeScript types it (`string | undefined`): nothing past the end is a separator. */
const isSeparator = (char: string | undefined) => char === ' ' || char === '-';

/**
 * Keeps the caret where the payer was typing when the value is reformatted ("06 1234" →
 * "06 123 4"): without it the caret jumps to the end, and correcting a digit in the middle of a
 * phone number becomes a chore on a phone keyboard. A value kept as typed is left alone.
 */
export function useCaret(value: string) {
  const ref = useRef<HTMLInputElement>(null);
  const typed = useRef<{ raw: string; before: number } | null>(null);
  useLayoutEffect(() => {
    const input = ref.current;
    const last = typed.current;
    typed.current = null;
    if (!input || !last || last.raw === value || input.ownerDocument.activeElement !== input) return;
    let index = 0;
    for (let seen = 0; index < value.length && seen < last.before; index++) if (!isSeparator(value[index])) seen++;
    input.setSelectionRange(index, index);
  });
  return {
    ref,
    /** Call with the input before its value is handed on. */
    remember(input: HTMLInputElement) {
      const head = input.value.slice(0, input.selectionStart ?? input.value.length);
      typed.current = { raw: input.value, before: [...head].filter((char) => !isSeparator(char)).length };
    },
  };
}
