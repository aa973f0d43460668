import { useLayoutEffect, useRef } from 'preact/hooks';

const significant = (text: string) => text.replace(/[\s-]/g, '').length;

/**
 * Keeps the caret where the payer was typing when the value is reformatted ("06 1234" →
 * "06 123 4"): without it the caret jumps to the end, and correcting a digit in the middle of a
 * phone number becomes a chore on a phone keyboard.
 */
export function useCaret(value: string) {
  const ref = useRef<HTMLInputElement>(null);
  const typedBefore = useRef<number | null>(null);
  useLayoutEffect(() => {
    const input = ref.current;
    const count = typedBefore.current;
    typedBefore.current = null;
    if (!input || count === null || input.ownerDocument.activeElement !== input) return;
    let index = 0;
    for (let seen = 0; index < value.length && seen < count; index++) if (!/[\s-]/.test(value[index]!)) seen++;
    input.setSelectionRange(index, index);
  });
  return {
    ref,
    /** Call with the input before its value is handed on. */
    remember(input: HTMLInputElement) {
      typedBefore.current = input.selectionStart === null ? null : significant(input.value.slice(0, input.selectionStart));
    },
  };
}
