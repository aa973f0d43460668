/** A decorative progress mark; the words next to it say what is happening. */
export const Spinner = () => <span class="momo-spinner" aria-hidden="true" />;
