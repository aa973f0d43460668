import { describe, expect, it } from 'vitest';
import { ar } from '../../src/i18n/ar';
import { TEXTS } from '../../src/i18n/catalogues';
import { en } from '../../src/i18n/en';
import { fr } from '../../src/i18n/fr';
import { pt } from '../../src/i18n/pt';
import {
  addCatalogue,
  countryName,
  type Catalogue,
  isLang,
  isLoaded,
  LANGS,
  type Message,
  pickLang,
  shownWhileLoading,
  translator,
} from '../../src/i18n';
import { COUNTRIES } from '../../src/phone';

// Every language of the table (src/i18n/languages.ts), with its catalogue.
const CATALOGUES: Record<string, Catalogue> = Object.fromEntries(LANGS.map((lang) => [lang, TEXTS[lang].messages]));
/** Unicode's invisible direction marks and isolates, which Arabic text carries around its values. */
const MARKS = /[‎‏⁦-⁩]/g;

describe('i18n › catalogues', () => {
  it('every language has exactly the keys of English, none empty', () => {
    expect(Object.keys(TEXTS).sort()).toEqual([...LANGS].sort());
    for (const [lang, catalogue] of Object.entries(CATALOGUES)) {
      expect(Object.keys(catalogue).sort(), lang).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(catalogue)) expect(text.trim(), `${lang} ${key}`).not.toBe('');
    }
  });

  it('use the same placeholders in every language', () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [lang, catalogue] of Object.entries(CATALOGUES))
      for (const key of Object.keys(en) as (keyof typeof en)[])
        expect(names(catalogue[key]), `${lang} ${key}`).toEqual(names(en[key]));
  });

  it('are in their own language: no English text left untranslated beyond names and codes', () => {
    for (const lang of LANGS.filter((lang) => lang !== 'en')) {
      // Country names are proper names: "Mali", "Togo" are the same in every language.
      const same = (Object.keys(en) as (keyof typeof en)[]).filter(
        (key) => !key.startsWith('country.') && CATALOGUES[lang]![key] === en[key],
      );
      // "5 × 1 000 FCFA" has no words; "TEST" and "Date" are French words too.
      expect(same, lang).toEqual(
        lang === 'fr' ? ['page.test', 'summary.quantity', 'succeeded.date'] : ['summary.quantity'],
      );
    }
  });

  it('name every country the form offers, in each language', () => {
    for (const [lang, catalogue] of Object.entries(CATALOGUES))
      for (const { code } of COUNTRIES) expect(catalogue[`country.${code}`], `${lang} ${code}`).toMatch(/\p{L}{3}/u);
    expect(countryName('ci', 'fr')).toBe('Côte d’Ivoire');
    expect(countryName('td', 'en')).toBe('Chad');
    expect(countryName('zz', 'fr')).toBe('ZZ');
  });

  it('fills placeholders', () => {
    expect(translator('fr')('form.pay', { amount: '5 000 FCFA' })).toBe('Payer 5 000 FCFA');
    expect(translator('en')('error.rateLimited', { seconds: 30 })).toBe(
      'Too many attempts. Please wait 30 seconds and try again.',
    );
  });
});

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
    expect([t(complete), later.key]).toEqual([
      'This is not a valid mobile number for Congo-Brazzaville.',
      'error.phone.invalid',
    ]);
  });

  it('refuses a language file that lacks a key, or a placeholder of the English text', () => {
    const { 'form.pay': _, ...withoutPay } = en;
    // @ts-expect-error 'form.pay' is missing
    const lacking: Catalogue = withoutPay;
    // @ts-expect-error the text of 'form.pay' must hold {amount}
    const unfilled: Catalogue = { ...en, 'form.pay': 'Payer' };
    const reworded: Catalogue = { ...en, 'form.pay': 'Réglez {amount} maintenant' };
    expect([lacking['form.heading'], unfilled['form.pay'], reworded['form.pay']]).toEqual([
      en['form.heading'],
      'Payer',
      'Réglez {amount} maintenant',
    ]);
  });
});

describe('i18n › languages loaded only when chosen', () => {
  it('are not shown until their catalogue has arrived: French stands in, never a key', () => {
    expect(isLoaded('fr') && isLoaded('en')).toBe(true);
    expect(isLoaded('pt')).toBe(false);
    expect(translator('pt')('form.heading')).toBe(fr['form.heading']);
    expect(shownWhileLoading('pt', ['pt-GW', 'en-GB', 'fr'])).toBe('en');
    expect(shownWhileLoading('pt', ['pt-GW'])).toBe('fr');
    expect(shownWhileLoading('en', [])).toBe('en');
  });

  it('take only a whole catalogue: every key, each with the placeholders of English', () => {
    expect(addCatalogue('pt', null)).toBe(false);
    expect(addCatalogue('pt', ['x'])).toBe(false);
    const { 'form.pay': _, ...lacking } = pt;
    expect(addCatalogue('pt', lacking)).toBe(false);
    expect(addCatalogue('pt', { ...pt, 'form.pay': 'Pagar' })).toBe(false);
    expect(addCatalogue('pt', { ...pt, 'form.heading': 7 })).toBe(false);
    expect(isLoaded('pt')).toBe(false);
    expect(addCatalogue('pt', JSON.parse(JSON.stringify(pt)))).toBe(true);
    expect(translator('pt')('form.pay', { amount: 'X' })).toBe('Pagar X');
  });

  it('isolate the values in Arabic text, so numbers and codes keep their order', () => {
    addCatalogue('ar', ar);
    const t = translator('ar');
    expect(t('pending.ussd', { ussd: '*126#' })).toBe(
      'لم تصلك رسالة؟ اطلب \u2066*126#\u2069 من هاتفك لرؤية المدفوعات التي تنتظرك.',
    );
    expect(t('failed.resend', { phone: '+235\u00a0••\u00a0••\u00a034\u00a092' })).toBe(
      'أرسل طلبًا جديدًا إلى \u2066+235\u00a0••\u00a0••\u00a034\u00a092\u2069',
    );
    expect(t('error.phone.invalid', { country: 'td' })).toBe('هذا ليس رقم هاتف محمول صحيحًا في \u2068تشاد\u2069.');
    expect(t('error.phone.invalid', { country: 'td' }).replace(MARKS, '')).toBe(
      'هذا ليس رقم هاتف محمول صحيحًا في تشاد.',
    );
    expect(translator('fr')('pending.ussd', { ussd: '*126#' })).not.toMatch(MARKS);
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
    expect(
      ['fr', 'en', 'ar', 'es', 'pt', 'de', 'FR', '', '__proto__', 'constructor', undefined, null, 7].filter(isLang),
    ).toEqual(['fr', 'en', 'ar', 'es', 'pt']);
    expect(pickLang(null, ['ar-TD', 'fr'])).toBe('ar');
    expect(pickLang('es', ['fr'])).toBe('es');
  });
});
