// The Intl formatters every language's amounts, dates and times are written with, and the dates and
// times themselves: apart from ./index.ts (which brings the French catalogue), so that the screens
// after the form, a part of their own in the hosted page (src/hosted/screens.part.ts), bring the
// dates and times they show without the catalogue, and the page's first load carries none of them.
import { type Lang, languageOf } from './languages';

/**
 * Each Intl formatter, built once per language (and currency): building one loads locale data,
 * which costs milliseconds on a slow phone, and a form renders amounts again and again. One the
 * browser cannot build (an unknown currency) is remembered as null: the caller's fallback.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | null>();
export function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T | null {
  if (!formatters.has(key)) {
    let made: T | null = null;
    try {
      made = make();
    } catch {
      // Left null.
    }
    formatters.set(key, made);
  }
  return formatters.get(key) as T | null;
}

// A date and a time by their parts, not by dateStyle and timeStyle: those came with Chrome 76,
// Firefox 79 and Safari 14.1, and an engine of the floor before them (Chrome 67-75, iOS 12-14.4)
// ignores them, writing "29/11/2026" where the payer should read "06:52". The parts say the same
// in every engine (test/i18n/format.test.ts holds it with the styles ignored).
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

export function formatDate(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const format = formatter(
    `date ${lang}`,
    () => new Intl.DateTimeFormat(languageOf(lang).locale, { year: 'numeric', month: 'long', day: 'numeric', ...TIME }),
  );
  return format ? format.format(date) : iso;
}

/** A time of day as the payer reads it ("10:42"), in their language. */
export function formatTime(ms: number, lang: Lang): string {
  const format = formatter(`time ${lang}`, () => new Intl.DateTimeFormat(languageOf(lang).locale, TIME));
  return format ? format.format(ms) : new Date(ms).toISOString().slice(11, 16);
}

/** "4:05" for a countdown, in Western digits in every language. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}
