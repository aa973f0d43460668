// @vitest-environment node
// Every language of the table (src/i18n/languages.ts) has all its texts: its catalogue and the
// words of the pages without JavaScript — every key of English's, none empty, each with English's
// {placeholders}. A language added to the table without them fails here (and does not compile:
// src/i18n/catalogues.ts is typed by it, as each approval step's `StepMessages` is, whose texts
// test/methods/momo-steps.test.tsx renders in every language of the table).
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../src/i18n';
import { TEXTS } from '../../src/i18n/catalogues';
import { en, enPlain } from '../../src/i18n/en';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** What is wrong with `texts` beside `source`: a key missing or extra, a text empty, a placeholder of another. */
function problems(source: Readonly<Record<string, string>>, texts: Readonly<Record<string, string>>): string[] {
  const keys = Object.keys(source);
  return [
    ...keys.filter((key) => !Object.hasOwn(texts, key)).map((key) => `${key}: missing`),
    ...Object.keys(texts)
      .filter((key) => !Object.hasOwn(source, key))
      .map((key) => `${key}: not a key of English`),
    ...keys
      .filter((key) => Object.hasOwn(texts, key))
      .filter((key) => !texts[key]!.trim() || placeholders(texts[key]!).join() !== placeholders(source[key]!).join())
      .map((key) => `${key}: empty, or not the placeholders of "${source[key]}"`),
  ];
}

describe('catalogues › every language of the table, whole', () => {
  it('has texts for each language of the table, and for no other', () => {
    expect(Object.keys(TEXTS).sort()).toEqual([...LANGS].sort());
  });

  it.each(LANGS)('%s: its catalogue and its words without JavaScript', (lang) => {
    expect(problems(en, TEXTS[lang].messages)).toEqual([]);
    expect(problems(enPlain, TEXTS[lang].plain)).toEqual([]);
  });

  it('finds what a language without its texts lacks', () => {
    const { 'form.pay': _, ...lacking } = en;
    expect(problems(en, { ...lacking, 'form.heading': ' ', extra: 'x' })).toEqual([
      'form.pay: missing',
      'extra: not a key of English',
      'form.heading: empty, or not the placeholders of "Pay with mobile money"',
    ]);
    expect(problems(enPlain, { ...enPlain, due: ' ' })).toEqual([
      `due: empty, or not the placeholders of "${enPlain.due}"`,
    ]);
  });
});
