// Timestamps are written in Central Africa's time (WAT, UTC+1, no daylight saving), as the
// service's own samples carry an offset.
const OFFSET_MS = 60 * 60 * 1000;

export function isoAt(ms: number): string {
  return new Date(ms + OFFSET_MS).toISOString().replace('Z', '+01:00');
}

export type SandboxClock = () => number;
