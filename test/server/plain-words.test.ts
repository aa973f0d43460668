// @vitest-environment node
// What the pages without JavaScript say (src/server/plain-words.ts), in every language of the table:
// their own words and the checkout's catalogue, each with its values filled in.
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../src/i18n';
import { enPlain } from '../../src/i18n/en';
import type { PlainKey } from '../../src/i18n/messages';
import { wordsOf } from '../../src/server/plain-words';

const VALUES = {
  dial: '*126#',
  length: 6,
  wallet: 'Wave',
  merchant: 'Boutique Awa',
  min: '500 FCFA',
  max: '9 000 FCFA',
  date: '29 novembre',
  minutes: 5,
  duration: '5 minutes',
  seconds: 30,
};

describe('plain pages › words', () => {
  it.each(LANGS)('%s: every word of the pages, filled in, and the catalogue in the same language', (lang) => {
    const { w, t } = wordsOf(lang);
    for (const word of Object.keys(enPlain) as PlainKey[]) {
      const text = w(word, VALUES);
      expect(text.trim(), `${lang} ${word}`).not.toBe('');
      expect(text, `${lang} ${word}`).not.toMatch(/[{}]/);
    }
    expect(t('form.heading')).toBe(wordsOf(lang).t('form.heading'));
    // English's words only where they are English's.
    if (lang !== 'en') expect(w('checkNow')).not.toBe(enPlain.checkNow);
  });

  it("says French's colon with its space, English's without", () => {
    expect([wordsOf('fr').w('colon'), wordsOf('en').w('colon')]).toEqual(['\u00a0: ', ': ']);
  });
});
