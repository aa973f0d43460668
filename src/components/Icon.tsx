/** A result's mark beside its heading (decorative: the heading says it), drawn inline, no request. */
const PATHS = { ok: 'M6.5 12.5l3.5 3.5 7.5-8', fail: 'M8 8l8 8m0-8l-8 8' } as const;

export function Icon({ kind }: { kind: keyof typeof PATHS }) {
  return (
    <svg class={`momo-icon momo-icon-${kind}`} viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="11" />
      <path d={PATHS[kind]} />
    </svg>
  );
}
