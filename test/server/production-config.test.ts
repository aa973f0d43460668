// @vitest-environment node
// momo-checkout-server's settings: every one named when it is missing or malformed, flags over
// variables, addresses reduced to what the checkout uses, form keys that are secrets.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, formKeyFingerprints, formKeysOf, readProductionConfig } from '../../src/server/production-config';

const KEY = 'kY3v9+2mQ0rT8sLw1xZb6nA4cH7dJ5eF0gP2iU9oR3s=';
const OTHER = 'Zq1W8e3R7t2Y6u0I5o9P4a8S1d7F3g6H2j0K5l9Z8x=';
const ENV = {
  MOMO_API_BASE: 'https://api.example.com',
  MOMO_PUBLIC_URL: 'https://checkout.example.com',
  MOMO_FORM_KEY: KEY,
};

const refusal = (args: string[], env: Record<string, string | undefined>) => {
  try {
    readProductionConfig(args, env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('accepted');
};

describe('readProductionConfig', () => {
  it('reads the environment, with 8080 on every interface by default', () => {
    expect(readProductionConfig([], ENV)).toEqual({
      apiBase: 'https://api.example.com',
      publicUrl: 'https://checkout.example.com',
      port: 8080,
      host: '0.0.0.0',
      formKeys: [Buffer.from(KEY)],
    });
  });

  it('takes each flag over its variable', () => {
    const config = readProductionConfig(
      [
        '--api-base',
        'http://10.0.0.5:9000/gateway/v1/',
        '--public-url',
        'https://pay.shop.example/',
        '--port',
        '0',
        '--host',
        '127.0.0.1',
      ],
      { ...ENV, PORT: '9999', HOST: '::' },
    );
    expect([config.apiBase, config.publicUrl, config.port, config.host]).toEqual([
      'http://10.0.0.5:9000/gateway',
      'https://pay.shop.example',
      0,
      '127.0.0.1',
    ]);
  });

  it('refuses each missing setting by its name', () => {
    expect(refusal([], { ...ENV, MOMO_API_BASE: undefined })).toMatch(/^MOMO_API_BASE is required/);
    expect(refusal([], { ...ENV, MOMO_API_BASE: '' })).toMatch(/^MOMO_API_BASE is required/);
    expect(refusal([], { ...ENV, MOMO_PUBLIC_URL: undefined })).toMatch(/^MOMO_PUBLIC_URL is required/);
    expect(refusal([], { ...ENV, MOMO_FORM_KEY: undefined })).toMatch(/^MOMO_FORM_KEY is required/);
  });

  it('refuses each malformed setting by the name it was given under', () => {
    expect(refusal(['--api-base', 'api.example.com'], ENV)).toMatch(/^--api-base must be an http\(s\) address/);
    expect(refusal([], { ...ENV, MOMO_API_BASE: 'ftp://api.example.com' })).toMatch(/^MOMO_API_BASE must be an http/);
    expect(refusal([], { ...ENV, MOMO_API_BASE: 'https://user:pw@api.example.com' })).toMatch(/no credentials/);
    expect(refusal([], { ...ENV, MOMO_API_BASE: 'https://api.example.com/?key=1' })).toMatch(/no credentials, query/);
    expect(refusal(['--public-url', 'https://example.com/checkout'], ENV)).toMatch(/^--public-url must be an origin/);
    expect(refusal(['--port', '80a'], ENV)).toMatch(/^--port must be a port number/);
    expect(refusal([], { ...ENV, PORT: '70000' })).toMatch(/^PORT must be a port number/);
    expect(refusal(['--api'], ENV)).toMatch(/--api/);
  });
});

describe('formKeysOf (MOMO_FORM_KEY)', () => {
  it('keeps the order of a rotation: the first signs', () => {
    expect(formKeysOf(`${OTHER}, ${KEY}`)).toEqual([Buffer.from(OTHER), Buffer.from(KEY)]);
  });

  it('refuses a key too short, not random, given twice, or with a space, naming which', () => {
    const message = (text: string) => {
      try {
        formKeysOf(text);
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(message('short-secret')).toMatch(/^MOMO_FORM_KEY is too short/);
    expect(message(`${KEY},short`)).toMatch(/^MOMO_FORM_KEY's key 2 is too short/);
    expect(message('a'.repeat(40))).toMatch(/not random enough/);
    expect(message(`${KEY},${KEY}`)).toMatch(/key 2 is given twice/);
    expect(message(`${KEY.slice(0, 20)} ${KEY.slice(20)}`)).toMatch(/space/);
  });
});

describe('formKeyFingerprints (the start line)', () => {
  it('is the same for the same keys on every instance, in their order, and tells keys apart', () => {
    const one = formKeyFingerprints(formKeysOf(`${KEY},${OTHER}`));
    const again = formKeyFingerprints(formKeysOf(` ${KEY} , ${OTHER}`));
    expect(one).toEqual(again);
    expect(one).toHaveLength(2);
    for (const print of one) expect(print).toMatch(/^[0-9a-f]{8}$/);
    expect(one[0]).not.toBe(one[1]);
    expect(formKeyFingerprints(formKeysOf(`${OTHER},${KEY}`))).toEqual([one[1], one[0]]);
  });

  it('stays the same from one version to the next: an HMAC-SHA256 under the key, cut to 8 hex digits', () => {
    const independent = createHmac('sha256', KEY).update('momo-checkout form key fingerprint').digest('hex');
    expect(formKeyFingerprints(formKeysOf(KEY))).toEqual([independent.slice(0, 8)]);
  });

  it('holds no part of the key', () => {
    const [print] = formKeyFingerprints(formKeysOf(KEY));
    const hex = Buffer.from(KEY).toString('hex');
    expect(hex).not.toContain(print);
    expect(KEY).not.toContain(print);
  });
});
