// Timestamps are written in Central Africa's time (WAT, UTC+1, no daylight saving), as the
// service's own samples carry an offset.
const OFFSET_MS = 60 * 60 * 1000;

/** The last instant written: an intent shows the same one up to four times (created, updated, its event's). */
let last = { ms: Number.NaN, text: '' };

export function isoAt(ms: number): string {
  if (ms !== last.ms) last = { ms, text: new Date(ms + OFFSET_MS).toISOString().replace('Z', '+01:00') };
  return last.text;
}

export type SandboxClock = () => number;
