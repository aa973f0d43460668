import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { fr } from '../../src/i18n/fr';
import { type Catalogue, formatAmount, formatDuration, isLang, type Message, pickLang, translator } from '../../src/i18n';

const NBSP = /[\u00a0\u202f]/g;

describe('i18n › catalogues', () => {
  it('French and English have exactly the same keys, none empty', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of [...Object.entries(fr), ...Object.entries(en)]) expect(text.trim(), key).not.toBe('');
  });

  it('use the same placeholders in both languages', () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(en) as (keyof typeof en)[]) expect(names(fr[key]), key).toEqual(names(en[key]));
  });

  it('fills placeholders', () => {
    expect(translator('fr')('form.pay', { amount: '5 000 FCFA' })).toBe('Payer 5 000 FCFA');
    expect(translator('en')('error.rateLimited', { seconds: 30 })).toBe('Too many attempts. Please wait 30 seconds and try again.');
  });
});

// These cases are proven by the type check (`npm run typecheck`): each @ts-expect-error fails it
// if the line below it ever compiles.
describe('i18n › the compiler checks every message', () => {
  it('refuses a message without a value its text needs, or with values it has no place for', () => {
    const t = translator('en');
    // @ts-expect-error the text needs {country}
    expect(t('error.phone.invalid')).toContain('{country}');
    // @ts-expect-error the text needs {seconds}, not {count}
    t('error.rateLimited', { count: 3 });
    // @ts-expect-error the heading takes no value
    t('form.heading', { amount: 1 });
    // @ts-expect-error a message kept for later needs its values as well
    const later: Message = { key: 'error.phone.invalid' };
    const complete: Message = { key: 'error.phone.invalid', params: { country: 'cg' } };
    expect([t(complete), later.key]).toEqual(['This is not a valid mobile number for Congo - Brazzaville.', 'error.phone.invalid']);
  });

  it('refuses a language file that lacks a key, or a placeholder of the English text', () => {
    const { 'form.pay': _, ...withoutPay } = en;
    // @ts-expect-error 'form.pay' is missing
    const lacking: Catalogue = withoutPay;
    // @ts-expect-error the text of 'form.pay' must hold {amount}
    const unfilled: Catalogue = { ...en, 'form.pay': 'Payer' };
    const reworded: Catalogue = { ...en, 'form.pay': 'Réglez {amount} maintenant' };
    expect([lacking['form.heading'], unfilled['form.pay'], reworded['form.pay']]).toEqual([en['form.heading'], 'Payer', 'Réglez {amount} maintenant']);
  });
});

describe('i18n › formatAmount', () => {
  it('writes XAF the way payers read it', () => {
    expect(formatAmount(5000, 'xaf', 'fr').replace(NBSP, ' ')).toBe('5 000 FCFA');
    expect(formatAmount(1_250_000, 'xaf', 'fr').replace(NBSP, ' ')).toBe('1 250 000 FCFA');
    expect(formatAmount(5000, 'xaf', 'en').replace(NBSP, ' ')).toBe('FCFA 5,000');
  });

  it('reads other currencies in their minor unit', () => {
    expect(formatAmount(1050, 'eur', 'en')).toBe('€10.50');
    expect(formatAmount(1050, 'eur', 'fr').replace(NBSP, ' ')).toBe('10,50 €');
  });

  it('never throws on an unknown currency', () => {
    expect(formatAmount(12, 'zz', 'fr')).toBe('12 ZZ');
  });
});

describe('i18n › pickLang', () => {
  it('prefers the asked language, then the browser, then French', () => {
    expect(pickLang('EN', ['fr-CG'])).toBe('en');
    expect(pickLang('de', ['en-US', 'fr'])).toBe('en');
    expect(pickLang(null, ['fr-CM'])).toBe('fr');
    expect(pickLang(undefined, ['ln', 'sw'])).toBe('fr');
  });

  it('knows only the languages it has a catalogue for', () => {
    expect(['fr', 'en', 'de', 'FR', '', '__proto__', 'constructor', undefined, null, 7].filter(isLang)).toEqual(['fr', 'en']);
  });

  it('formats countdowns as minutes and seconds', () => {
    expect(formatDuration(299_001)).toBe('5:00');
    expect(formatDuration(61_000)).toBe('1:01');
    expect(formatDuration(-5)).toBe('0:00');
  });
});
