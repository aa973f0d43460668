// @vitest-environment node
// Extension: a merchant profile per token, set by PUT /v1/_sandbox/merchant or the `merchants`
// option, shown to payers as `merchant` on the intent and the session; its logo checked (PNG or
// WebP by its bytes, ≤ 8 KiB, ≤ 512 px) and served by the sandbox from its own address.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { merchantSchema, paymentIntentSchema, publicSessionSchema, sessionSchema } from '../../src/api/schemas';
import type { MerchantRequest } from '../../src/api/types';
import { encodePng } from '../../src/server/png';
import { createSandbox } from '../../src/sandbox';
import { SandboxError } from '../../src/sandbox/errors';
import { decodeLogo } from '../../src/sandbox/merchants';
import { BASE, expectError, expectJson, sessionBody, setup, START, TOKEN } from './helpers';

const DAY_MS = 24 * 60 * 60 * 1000;
const PROFILE = '/v1/_sandbox/merchant';

/** A PNG of `width` × `height` pixels of one colour. */
const png = (width = 2, height = 2) => encodePng(width, height, new Uint8Array(width * height * 4).fill(200));
const dataUrl = (type: string, bytes: Buffer) => `data:image/${type};base64,${bytes.toString('base64')}`;

/** The smallest lossless WebP: 1 × 1. */
const WEBP_LOSSLESS = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

/** A WebP whose first chunk says `width` × `height` (the sandbox reads headers, never pixels). */
function webp(kind: 'VP8 ' | 'VP8X', width: number, height: number): Buffer {
  const body = Buffer.alloc(22);
  if (kind === 'VP8 ') {
    body.set([0x9d, 0x01, 0x2a], 3);
    body.writeUInt16LE(width, 6);
    body.writeUInt16LE(height, 8);
  } else {
    body.writeUIntLE(width - 1, 4, 3);
    body.writeUIntLE(height - 1, 7, 3);
  }
  const chunk = Buffer.concat([Buffer.from(kind, 'latin1'), Buffer.alloc(4), body]);
  chunk.writeUInt32LE(body.length, 4);
  const head = Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.alloc(4), Buffer.from('WEBP', 'latin1')]);
  head.writeUInt32LE(4 + chunk.length, 4);
  return Buffer.concat([head, chunk]);
}

const profile = (overrides: Partial<MerchantRequest> = {}): MerchantRequest => ({
  name: 'Boutique Awa',
  logo: dataUrl('png', png()),
  support_email: 'aide@boutique-awa.cg',
  support_phone: '+242061234567',
  ...overrides,
});

const logoKey = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 32);

describe('PUT and GET /v1/_sandbox/merchant', () => {
  it("sets the token's profile and reads it back, its logo at an address of the sandbox's own", async () => {
    const { call } = setup();
    const set = await expectJson(await call('PUT', PROFILE, { body: profile() }), 200, merchantSchema);
    expect(set).toEqual({
      name: 'Boutique Awa',
      logo_url: `${BASE}/v1/merchant-logos/${logoKey(png())}.png`,
      support_email: 'aide@boutique-awa.cg',
      support_phone: '+242061234567',
    });
    expect(await expectJson(await call('GET', PROFILE), 200, merchantSchema)).toEqual(set);
  });

  it('answers 404 to a token without a profile, and never shows another token its profile', async () => {
    const { call } = setup();
    const error = await expectError(await call('GET', PROFILE), 404, 'not_found');
    expect(error.message).toBe('This secret key has no merchant profile; set one with PUT /v1/_sandbox/merchant.');
    await call('PUT', PROFILE, { body: profile() });
    await expectError(await call('GET', PROFILE, { token: 'sk_test_other' }), 404, 'not_found');
  });

  it('replaces the profile whole: what a second PUT leaves out is null', async () => {
    const { call } = setup();
    await call('PUT', PROFILE, { body: profile() });
    const set = await expectJson(
      await call('PUT', PROFILE, { body: { name: '  Chez Mireille ' } }),
      200,
      merchantSchema,
    );
    expect(set).toEqual({ name: 'Chez Mireille', logo_url: null, support_email: null, support_phone: null });
    expect(await expectJson(await call('GET', PROFILE), 200, merchantSchema)).toEqual(set);
  });

  it('is a merchant call: a token is required and browsers are refused', async () => {
    const { call } = setup();
    await expectError(await call('PUT', PROFILE, { body: profile(), token: null }), 401, 'unauthorized');
    await expectError(await call('GET', PROFILE, { token: 'pk_test_x' }), 401, 'unauthorized');
    await expectError(
      await call('PUT', PROFILE, { body: profile(), headers: { Origin: 'https://shop.example' } }),
      403,
      'browser_origin_forbidden',
    );
    await expectError(
      await call('OPTIONS', PROFILE, {
        headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'PUT' },
      }),
      403,
      'browser_origin_forbidden',
    );
    await expectError(await call('PUT', PROFILE, { raw: JSON.stringify(profile()) }), 415, 'unsupported_media_type');
  });

  it.each([
    ['name', { name: '' }, 'must be plain text of 1 to 60 characters'],
    ['name', { name: '   ' }, 'must be plain text of 1 to 60 characters'],
    ['name', { name: 'x'.repeat(61) }, 'must be plain text of 1 to 60 characters'],
    ['name', { name: 'Boutique\nAwa' }, 'must be plain text of 1 to 60 characters'],
    ['name', { name: 'Boutique \u202eawA' }, 'must be plain text of 1 to 60 characters'],
    ['name', { name: 'Boutique \u061cAwa' }, 'must not contain bidirectional control characters'],
    ['name', { name: '\u200b\u2060\u200d' }, 'must be plain text of 1 to 60 characters'],
    ['name', { name: 'Boutique\u200bAwa' }, 'without line breaks, control, zero-width or direction characters'],
    ['name', { name: 'Boutique\u0000Awa' }, 'must be plain text of 1 to 60 characters'],
    ['name', { name: '\u3164\u115f' }, 'must contain a visible letter or digit'],
    ['name', { name: '\u{e0041}\u{e0042}\ufe0f' }, 'must contain a visible letter or digit'],
    ['name', { name: '- . -' }, 'must contain a visible letter or digit'],
    ['name', { name: 42 }, 'must be plain text of 1 to 60 characters'],
    ['name', { name: undefined }, 'is required'],
    ['support_email', { support_email: 'aide@boutique' }, 'must be a valid e-mail address'],
    ['support_phone', { support_phone: '06 123 4567' }, 'must be a phone number in international form'],
    ['support_phone', { support_phone: '+0612' }, 'must be a phone number in international form'],
    ['logo_url', { logo_url: 'https://evil.example/logo.png' } as never, 'is not a known field'],
  ])('refuses a bad %s with 400 naming it (%j)', async (field, overrides, words) => {
    const { call } = setup();
    const error = await expectError(
      await call('PUT', PROFILE, { body: { ...profile(), ...overrides } }),
      400,
      'invalid_request',
      field,
    );
    expect(error.message).toContain(words);
    await expectError(await call('GET', PROFILE), 404, 'not_found');
  });

  it('takes a name of 60 characters of any script, as plain text', async () => {
    const { call } = setup();
    for (const name of ['é'.repeat(60), '<b>Awa & fils</b>', 'متجر عوا', '阿娃商店']) {
      expect((await expectJson(await call('PUT', PROFILE, { body: { name } }), 200, merchantSchema)).name).toBe(name);
    }
  });
});

describe('the logo', () => {
  it.each([
    ['a PNG', 'png', png(48, 48)],
    ['a lossless WebP', 'webp', WEBP_LOSSLESS],
    ['a lossy WebP', 'webp', webp('VP8 ', 64, 64)],
    ['an extended WebP', 'webp', webp('VP8X', 512, 512)],
    ['a PNG of 512 × 1', 'png', png(512, 1)],
  ])('takes %s', async (_label, type, bytes) => {
    const { call } = setup();
    const set = await expectJson(
      await call('PUT', PROFILE, { body: profile({ logo: dataUrl(type, bytes) }) }),
      200,
      merchantSchema,
    );
    expect(set.logo_url).toBe(`${BASE}/v1/merchant-logos/${logoKey(bytes)}.${type}`);
  });

  const big = Buffer.concat([png(1, 1).subarray(0, -12), Buffer.alloc(8 * 1024), png(1, 1).subarray(-12)]);
  it.each([
    ['an address', 'https://cdn.example/logo.png', 'must be a data: URL of a PNG or WebP image in base64'],
    [
      'an SVG',
      `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64')}`,
      'must be a data: URL',
    ],
    ['a GIF', `data:image/gif;base64,${Buffer.from('GIF89a').toString('base64')}`, 'must be a data: URL'],
    ['a JPEG', dataUrl('jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0])), 'must be a data: URL'],
    ['a data: URL without base64', `data:image/png,${png().toString('latin1')}`, 'must be a data: URL'],
    ['base64 with a space', dataUrl('png', png()).replace('iVBOR', 'iVB OR'), 'must be a data: URL'],
    [
      'base64 without its padding',
      dataUrl('png', Buffer.concat([png(), Buffer.alloc(4 - (png().length % 3))])).replace(/=+$/, ''),
      'is not valid base64',
    ],
    [
      'text that says it is a PNG',
      dataUrl('png', Buffer.from('<html><script>alert(1)</script></html>')),
      'is not a PNG image',
    ],
    ['a WebP that says it is a PNG', dataUrl('png', WEBP_LOSSLESS), 'is not a PNG image'],
    ['a PNG that says it is a WebP', dataUrl('webp', png()), 'is not a WebP image'],
    ['a PNG cut short', dataUrl('png', png().subarray(0, -1)), 'is not a PNG image'],
    [
      'a WebP whose RIFF size lies',
      dataUrl('webp', Buffer.concat([WEBP_LOSSLESS, Buffer.alloc(2)])),
      'is not a WebP image',
    ],
    ['an image over 8 KiB', dataUrl('png', big), `must be at most 8192 bytes once decoded (this one is ${big.length})`],
    ['a PNG of 513 × 1', dataUrl('png', png(513, 1)), 'must be at most 512 × 512 pixels (this one is 513 × 1)'],
    ['a WebP of 4000 × 4000', dataUrl('webp', webp('VP8X', 4000, 4000)), 'must be at most 512 × 512 pixels'],
    ['a number', 42, 'must be of type string'],
  ])('refuses %s with 400 on logo', async (_label, logo, words) => {
    const { call } = setup();
    const error = await expectError(
      await call('PUT', PROFILE, { body: profile({ logo: logo as string }) }),
      400,
      'invalid_request',
      'logo',
    );
    expect(error.message).toContain(words);
  });

  it('reads any bytes behind a PNG or WebP start without failing: a logo or a 400, never another error', () => {
    const starts = [
      png().subarray(0, 33),
      WEBP_LOSSLESS.subarray(0, 16),
      webp('VP8 ', 1, 1).subarray(0, 20),
      webp('VP8X', 1, 1).subarray(0, 16),
      Buffer.alloc(0),
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...starts),
        fc.uint8Array({ maxLength: 80 }),
        fc.constantFrom('png', 'webp'),
        (start, rest, type) => {
          const bytes = Buffer.concat([start, rest]);
          // A RIFF size that tells the truth, half the time, so that WebP headers are read further.
          if (bytes.length >= 8 && rest.length % 2 === 0 && bytes.subarray(0, 4).toString('latin1') === 'RIFF')
            bytes.writeUInt32LE(bytes.length - 8, 4);
          try {
            decodeLogo(dataUrl(type, bytes));
          } catch (error) {
            expect(error).toBeInstanceOf(SandboxError);
            expect((error as SandboxError).field).toBe('logo');
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('is served without a token with its exact type, cached for good, and nothing but an image', async () => {
    const { call } = setup();
    for (const [type, bytes] of [
      ['png', png(16, 16)],
      ['webp', WEBP_LOSSLESS],
    ] as const) {
      const { logo_url } = await expectJson(
        await call('PUT', PROFILE, { body: profile({ logo: dataUrl(type, bytes) }) }),
        200,
        merchantSchema,
      );
      const response = await call('GET', new URL(logo_url as string).pathname, {
        token: null,
        headers: { Origin: 'https://elsewhere.example' },
      });
      expect(response.status).toBe(200);
      expect(Object.fromEntries(response.headers)).toMatchObject({
        'content-type': `image/${type}`,
        'x-content-type-options': 'nosniff',
        'cache-control': 'public, max-age=31536000, immutable',
        'cross-origin-resource-policy': 'cross-origin',
        'content-security-policy': "default-src 'none'",
      });
      expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
      const head = await call('HEAD', new URL(logo_url as string).pathname, { token: null });
      expect([head.status, head.headers.get('content-type'), (await head.arrayBuffer()).byteLength]).toEqual([
        200,
        `image/${type}`,
        0,
      ]);
    }
  });

  it('answers 404 in the error shape for a logo nobody shows, another extension, or a name that is not one', async () => {
    const { call } = setup();
    const { logo_url } = await expectJson(await call('PUT', PROFILE, { body: profile() }), 200, merchantSchema);
    const path = new URL(logo_url as string).pathname;
    for (const other of [
      path.replace(/\.png$/, '.webp'),
      path.replace(/[0-9a-f]{4}\.png$/, '0000.png'),
      path.replace('.png', '.PNG'),
      '/v1/merchant-logos/..%2F..%2Fetc%2Fpasswd',
      '/v1/merchant-logos/',
    ]) {
      await expectError(await call('GET', other, { token: null }), 404, 'not_found');
    }
    // Replaced, the old logo is no longer served.
    await call('PUT', PROFILE, { body: profile({ logo: dataUrl('png', png(3, 3)) }) });
    await expectError(await call('GET', path, { token: null }), 404, 'not_found');
  });

  it('is served while any profile shows it: two tokens with the same logo, one replaced', async () => {
    const { call } = setup();
    const { logo_url } = await expectJson(await call('PUT', PROFILE, { body: profile() }), 200, merchantSchema);
    await call('PUT', PROFILE, { body: profile({ name: 'Autre' }), token: 'sk_test_other' });
    await call('PUT', PROFILE, { body: { name: 'Sans logo' } });
    expect((await call('GET', new URL(logo_url as string).pathname, { token: null })).status).toBe(200);
  });

  it("builds logo_url from checkoutBaseUrl, never from the request's Host", async () => {
    const { sandbox } = setup({ checkoutBaseUrl: 'https://pay.example.com/' });
    const response = await sandbox.fetch(
      new Request('http://evil.example/v1/_sandbox/merchant', {
        method: 'PUT',
        headers: {
          Authorization: `Bearer ${TOKEN}`,
          'Content-Type': 'application/json',
          Host: 'evil.example',
          'X-Forwarded-Host': 'evil.example',
        },
        body: JSON.stringify(profile()),
      }),
    );
    expect((await expectJson(response, 200, merchantSchema)).logo_url).toBe(
      `https://pay.example.com/v1/merchant-logos/${logoKey(png())}.png`,
    );
  });
});

describe('merchant on the intent and the session (extension)', () => {
  it('shows who is paid on every read of an intent, with a token or without, and on its creation', async () => {
    const { call, newIntent, readIntent } = setup();
    const view = await expectJson(await call('PUT', PROFILE, { body: profile() }), 200, merchantSchema);
    const created = await newIntent();
    expect(created.merchant).toEqual(view);
    expect((await readIntent(created.intent_id)).merchant).toEqual(view);
    expect((await readIntent(created.intent_id, TOKEN)).merchant).toEqual(view);
    // Changed later, the intent shows the profile as it is now.
    await call('PUT', PROFILE, { body: { name: 'Boutique Awa & Fils' } });
    expect((await readIntent(created.intent_id)).merchant).toEqual({
      name: 'Boutique Awa & Fils',
      logo_url: null,
      support_email: null,
      support_phone: null,
    });
  });

  it('is null, never a made-up name, when the owning token has no profile (whoever else has one)', async () => {
    const { call, newIntent, readIntent } = setup();
    await call('PUT', PROFILE, { body: profile(), token: 'sk_test_other' });
    const created = await newIntent();
    expect(created.merchant).toBeNull();
    expect((await readIntent(created.intent_id, TOKEN)).merchant).toBeNull();
    const raw = (await (
      await call('GET', `/v1/payment-intents/${created.intent_id}`, { token: null })
    ).json()) as Record<string, unknown>;
    expect(raw.merchant).toBeNull();
    expect(JSON.stringify(raw)).not.toContain('Boutique');
  });

  it("shows the session's merchant on its creation and on the public read", async () => {
    const { call } = setup();
    const view = await expectJson(await call('PUT', PROFILE, { body: profile() }), 200, merchantSchema);
    const session = await expectJson(await call('POST', '/v1/sessions', { body: sessionBody() }), 200, sessionSchema);
    expect(session.merchant).toEqual(view);
    expect(
      (await expectJson(await call('GET', `/v1/sessions/${session.id}`, { token: null }), 200, publicSessionSchema))
        .merchant,
    ).toEqual(view);
    const other = await expectJson(
      await call('POST', '/v1/sessions', { body: sessionBody(), token: 'sk_test_nobody' }),
      200,
      sessionSchema,
    );
    expect(
      (await expectJson(await call('GET', `/v1/sessions/${other.id}`, { token: null }), 200, publicSessionSchema))
        .merchant,
    ).toBeNull();
  });

  it('says live_mode 0 on every intent: the sandbox is test mode', async () => {
    const { newIntent } = setup();
    expect((await newIntent()).live_mode).toBe(0);
  });
});

describe('the merchants option', () => {
  it('gives tokens their profiles from the start; a PUT replaces one', async () => {
    const { call, newIntent } = setup({ merchants: { [TOKEN]: profile({ logo: dataUrl('webp', WEBP_LOSSLESS) }) } });
    const view = await expectJson(await call('GET', PROFILE), 200, merchantSchema);
    expect(view).toMatchObject({
      name: 'Boutique Awa',
      logo_url: `${BASE}/v1/merchant-logos/${logoKey(WEBP_LOSSLESS)}.webp`,
    });
    expect((await newIntent()).merchant).toEqual(view);
    expect((await call('GET', new URL(view.logo_url as string).pathname, { token: null })).status).toBe(200);
    await call('PUT', PROFILE, { body: { name: 'Nouveau nom' } });
    expect((await newIntent()).merchant).toMatchObject({ name: 'Nouveau nom', logo_url: null });
  });

  it.each([
    [
      'a token that is not a secret key',
      { pk_live_x: { name: 'Awa' } },
      'its token #1 is not a secret key of the form sk_test_…',
    ],
    ['a bad name', { sk_test_a: { name: 'Awa' }, sk_test_b: { name: '' } }, 'its token #2: `name` must be plain text'],
    [
      'a bad logo',
      { sk_test_a: { name: 'Awa', logo: 'https://cdn.example/a.png' } },
      'its token #1: `logo` must be a data: URL',
    ],
  ])('refuses %s with a RangeError at creation, naming no key', (_label, merchants, words) => {
    expect(() => createSandbox({ env: {}, merchants: merchants as never })).toThrow(RangeError);
    expect(() => createSandbox({ env: {}, merchants: merchants as never })).toThrow(words);
    try {
      createSandbox({ env: {}, merchants: merchants as never });
    } catch (error) {
      expect(String(error)).not.toMatch(/sk_test_[ab]|pk_live_x/);
    }
  });
});

describe('a bare service (extensions: false)', () => {
  it('has no merchant field and no profile or logo route', async () => {
    const { call, newIntent, readIntent } = setup({ extensions: false, merchants: { [TOKEN]: profile() } });
    const intent = await newIntent();
    expect(intent).not.toHaveProperty('merchant');
    expect(await readIntent(intent.intent_id)).not.toHaveProperty('merchant');
    const raw = (await (await call('POST', '/v1/sessions', { body: sessionBody() })).json()) as Record<string, unknown>;
    expect(raw).not.toHaveProperty('merchant');
    await expectError(await call('PUT', PROFILE, { body: profile() }), 404, 'not_found');
    await expectError(await call('GET', PROFILE), 404, 'not_found');
    await expectError(await call('GET', `/v1/merchant-logos/${logoKey(png())}.png`, { token: null }), 404, 'not_found');
  });

  it('has the profile routes whether fault injection is on or off', async () => {
    for (const faults of [false, true]) {
      const { call } = setup({ faults });
      expect((await call('PUT', PROFILE, { body: profile() })).status).toBe(200);
    }
  });
});

describe('what a profile weighs and how long it is kept', () => {
  const LIMITS = { maxBytes: 64 * 1024, maxBytesPerToken: 16 * 1024 };

  it("counts against the token's share; set again, only the new one counts", async () => {
    const { call, sandbox } = setup({ limits: LIMITS });
    const before = sandbox.stats().bytes;
    await call('PUT', PROFILE, { body: profile() });
    const once = sandbox.stats().bytes - before;
    expect(once).toBeGreaterThan(100);
    for (let i = 0; i < 20; i++) expect((await call('PUT', PROFILE, { body: profile() })).status).toBe(200);
    expect(sandbox.stats().bytes - before).toBe(once);
  });

  it('is refused with 503 past the bound, like any creation', async () => {
    const { call } = setup({ limits: { maxBytes: 16 * 1024, maxBytesPerToken: 4 * 1024 } });
    const heavy = profile({
      logo: dataUrl('png', Buffer.concat([png(1, 1).subarray(0, -12), Buffer.alloc(4000), png(1, 1).subarray(-12)])),
    });
    await expectError(await call('PUT', PROFILE, { body: heavy }), 503, 'capacity_exceeded');
    expect((await call('PUT', PROFILE, { body: profile() })).status).toBe(200);
  });

  it('is forgotten 7 days after it was last set, like other records (set again, it lives on)', async () => {
    const { call, clock, newIntent, sandbox } = setup();
    await call('PUT', PROFILE, { body: profile() });
    await call('PUT', PROFILE, { body: profile(), token: 'sk_test_other' });
    clock.advance(6 * DAY_MS);
    await call('PUT', PROFILE, { body: profile(), token: 'sk_test_other' });
    clock.advance(DAY_MS);
    await expectError(await call('GET', PROFILE), 404, 'not_found');
    const held = sandbox.stats().bytes;
    expect((await newIntent()).merchant).toBeNull();
    const intentBytes = sandbox.stats().bytes - held;
    expect((await call('GET', PROFILE, { token: 'sk_test_other' })).status).toBe(200);
    clock.advance(6 * DAY_MS);
    await expectError(await call('GET', PROFILE, { token: 'sk_test_other' }), 404, 'not_found');
    // Only the intent made meanwhile is left.
    expect(sandbox.stats().bytes).toBe(intentBytes);
  });
});

describe('a profile on disk', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('survives a restart, logo included, as the last one set', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'momo-merchant-'));
    dirs.push(dir);
    const open = () => createSandbox({ dataDir: dir, now: () => START, env: {}, checkoutBaseUrl: BASE });
    const put = (sandbox: ReturnType<typeof open>, body: unknown) =>
      sandbox.fetch(
        new Request(`${BASE}${PROFILE}`, {
          method: 'PUT',
          headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    const first = open();
    await put(first, { name: 'Premier' });
    const view = await expectJson(await put(first, profile()), 200, merchantSchema);
    await first.close();

    const second = open();
    const read = await second.fetch(
      new Request(`${BASE}${PROFILE}`, { headers: { Authorization: `Bearer ${TOKEN}` } }),
    );
    expect(await expectJson(read, 200, merchantSchema)).toEqual(view);
    const logo = await second.fetch(new Request(view.logo_url as string));
    expect(Buffer.from(await logo.arrayBuffer())).toEqual(png());
    const intent = await second.fetch(
      new Request(`${BASE}/v1/payment-intents`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
        body: '{"amount":100,"currency":"xaf"}',
      }),
    );
    expect((await expectJson(intent, 201, paymentIntentSchema)).merchant).toEqual(view);
    await second.close();
  });
});
