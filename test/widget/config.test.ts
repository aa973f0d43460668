// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiBaseOf, langOf, linkProblem, partsBaseOf, setScriptUrl } from '../../src/widget/config';

afterEach(() => vi.unstubAllGlobals());

describe('widget config › linkProblem', () => {
  const secret = 'pi_abc123_secret_XyZ789';
  it('accepts an intent and its own secret', () => {
    expect(linkProblem('pi_abc123', secret)).toBeNull();
  });
  it.each([
    ['', secret, 'intent id is missing'],
    ['intent-1', secret, 'intent id is malformed'],
    ['pi_abc123', '', 'client secret is missing'],
    ['pi_other', secret, 'does not belong to payment intent pi_other'],
    ['pi_abc123', 'pi_abc123_secret_', 'client secret is malformed'],
  ])('names the problem of (%j, %j)', (intent, given, problem) => {
    expect(linkProblem(intent, given)).toContain(problem);
  });
  it('never repeats the secret', () => {
    for (const intent of ['', 'x', 'pi_other']) expect(linkProblem(intent, secret) ?? '').not.toContain('XyZ789');
  });
});

describe('widget config › langOf', () => {
  it('takes fr, en, ar, es, pt and their regional forms, else the browser’s language with a console error', () => {
    vi.stubGlobal('navigator', { languages: ['en-US', 'fr'] });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(langOf('fr')).toBe('fr');
    expect(langOf('EN-gb')).toBe('en');
    expect([langOf('ar'), langOf('ar-TD'), langOf('es-GQ'), langOf('PT')]).toEqual(['ar', 'ar', 'es', 'pt']);
    expect(langOf(undefined)).toBe('en');
    expect(langOf('')).toBe('en');
    expect(error).not.toHaveBeenCalled();
    expect(langOf('de')).toBe('en');
    expect(error).toHaveBeenCalledWith(
      'momo-checkout: lang "de" is not supported: use one of "fr", "en", "ar", "es", "pt". Using the browser\'s language instead.',
    );
  });
});

describe('widget config › apiBaseOf', () => {
  it('prefers the option, then where the script came from, then the page', () => {
    vi.stubGlobal('location', { origin: 'https://shop.example' });
    setScriptUrl('file:///bundle/widget.mjs');
    expect(apiBaseOf(undefined)).toBe('https://shop.example');
    setScriptUrl('https://checkout.example/widget.js?v=3');
    expect(apiBaseOf(undefined)).toBe('https://checkout.example');
    expect(apiBaseOf('https://api.example')).toBe('https://api.example');
    setScriptUrl('data:text/javascript,0');
    expect(apiBaseOf(undefined)).toBe('https://shop.example');
    setScriptUrl(undefined);
  });

  it('where its server did not say (widget.js served by the merchant, a bundle): its parts are where the API is', () => {
    // (Served by the checkout's server, widget.js's own origin comes with it: test/browser/origin.browser.test.ts.)
    vi.stubGlobal('location', { origin: 'https://shop.example' });
    expect(partsBaseOf(undefined)).toBe('https://shop.example');
    expect(partsBaseOf('https://checkout.example/v1')).toBe('https://checkout.example');
    setScriptUrl('https://checkout.example/widget.js');
    expect(partsBaseOf(undefined)).toBe('https://checkout.example');
    setScriptUrl(undefined);
  });

  it('takes the service’s address as the sandbox prints it, with /v1, or with a trailing slash', () => {
    for (const given of ['http://127.0.0.1:12111/v1', 'http://127.0.0.1:12111/v1/', 'http://127.0.0.1:12111/'])
      expect(apiBaseOf(given)).toBe('http://127.0.0.1:12111');
    expect(apiBaseOf('https://pay.example/checkout')).toBe('https://pay.example/checkout');
  });
});
