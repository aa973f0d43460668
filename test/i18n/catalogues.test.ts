// @vitest-environment node
// Every language of the table (src/i18n/languages.ts) has all its texts: its catalogue, the words
// of the pages without JavaScript, and each approval step's messages — every key of English's,
// none empty, each with English's {placeholders}. A language added to the table without them fails
// here (and does not compile: src/i18n/catalogues.ts and each step's `StepMessages` are typed by it).
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../src/i18n';
import { TEXTS } from '../../src/i18n/catalogues';
import { en, enPlain } from '../../src/i18n/en';
import { APP_MESSAGES } from '../../src/methods/momo/steps/app';
import { CODE_MESSAGES } from '../../src/methods/momo/steps/code';

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

  it.each(LANGS)("%s: each approval step's messages", (lang) => {
    for (const messages of [CODE_MESSAGES, APP_MESSAGES])
      expect(problems(messages.en, (messages as Record<string, Record<string, string>>)[lang]!)).toEqual([]);
    expect(Object.keys(CODE_MESSAGES).sort()).toEqual([...LANGS].sort());
    expect(Object.keys(APP_MESSAGES).sort()).toEqual([...LANGS].sort());
  });

  it('finds what a language without its texts lacks', () => {
    const { 'form.pay': _, ...lacking } = en;
    expect(problems(en, { ...lacking, 'form.heading': ' ', extra: 'x' })).toEqual([
      'form.pay: missing',
      'extra: not a key of English',
      'form.heading: empty, or not the placeholders of "Pay with mobile money"',
    ]);
    expect(problems(enPlain, { ...enPlain, codeInvalid: 'Type the digits.' })).toEqual([
      `codeInvalid: empty, or not the placeholders of "${enPlain.codeInvalid}"`,
    ]);
  });
});
