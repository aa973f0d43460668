// Every screen the checkout can show, reached the way a payer reaches it, rendered in every
// language: no text a payer can read or hear holds a `{placeholder}` left unfilled — the steps'
// own messages (CODE_MESSAGES, APP_MESSAGES) included, each step in each of its states.
import { render, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ErrorKind } from '../../src/checkout/screens';
import { sessionReader } from '../../src/checkout/session';
import { Checkout } from '../../src/components/Checkout';
import { LANGS, type Lang } from '../../src/i18n';
import { APP_MESSAGES } from '../../src/methods/momo/steps/open_wallet';
import { fillText } from '../../src/i18n/fill';
import { fillerOf } from '../../src/methods/momo/steps/fill';
import { loadEveryLanguage } from '../i18n/every-language';
import { createBed, numberFor } from '../support/checkout-bed';
import { codeAnswer } from '../../src/methods/momo/steps/enter_otp';

/** A step's filler, over the checkout's one filler of text, as the page lends it. */
const fill = fillerOf(fillText);

// A step's script, as the page would fetch it (jsdom runs no script it fetches): the same parts
// the scripts register (src/methods/momo/steps/*.entry.ts). `qrFails`: the QR encoder cannot be fetched.
const parts = vi.hoisted(() => ({ qrFails: false }));
vi.mock('../../src/parts/load', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/parts/load')>();
  const { enterOtp } = await import('../../src/methods/momo/steps/enter_otp');
  const { openWallet } = await import('../../src/methods/momo/steps/open_wallet');
  const { generate } = await import('lean-qr/nano');
  const registered: Record<string, unknown> = {
    enter_otp: enterOtp,
    open_wallet: openWallet,
    qr: (text: string) => generate(text),
  };
  return {
    ...actual,
    loadPart: (name: string) =>
      name === 'qr' && parts.qrFails ? Promise.reject(new Error('offline')) : Promise.resolve(registered[name]),
  };
});

/** A phone: a touch screen without a mouse (the app step shows one large link, no QR code). */
const asPhone = () => {
  window.matchMedia = ((query: string) => ({ matches: true, media: query })) as unknown as typeof window.matchMedia;
};
afterEach(() => {
  parts.qrFails = false;
  delete (window as { matchMedia?: unknown }).matchMedia;
});

type Bed = ReturnType<typeof createBed>;
type Model = Awaited<ReturnType<Bed['open']>>;
// Every language of the table, as a page has them once they have arrived.
loadEveryLanguage();

const notFound = () => Response.json({ error: { code: 'not_found', message: 'gone', field: null } }, { status: 404 });
const refused = (field: string) =>
  Response.json({ error: { code: 'invalid_request', message: 'no', field } }, { status: 400 });

/** A merchant's profile as the service shows it (an extension). */
const AWA = { name: 'Boutique Awa', logo_url: null, support_email: 'aide@awa.example', support_phone: null };

/** The service's intent, changed on the way to the page. */
function rewriteReads(bed: Bed, change: (intent: Record<string, unknown>) => Record<string, unknown>) {
  bed.intercept(async (request) => {
    const answer = await bed.sandbox.fetch(request);
    return request.method === 'GET' && request.url.includes('/payment-intents/')
      ? Response.json(change(await answer.json()))
      : answer;
  });
}

async function paying(
  bed: Bed,
  outcome: Parameters<typeof numberFor>[0] = 'approved_after_delay',
  country = 'cg',
  operator = 'mtn',
  currency = 'xaf',
) {
  const intent = await bed.merchant.createIntent({ amount: 5000, currency });
  const model = await bed.open({ secret: intent.client_secret ?? '', onCancel: () => {} });
  bed.fill(model, outcome, country, operator);
  model.setField('operator', operator);
  return model;
}

async function submitted(bed: Bed, model: Model) {
  void model.submit();
  await bed.time.settle();
  return model;
}

/** Reaches a screen; answers the model and the `data-state` (and error) it must show. */
type Scenario = (bed: Bed) => Promise<[Model, string]>;

const ERRORS: Record<ErrorKind, Scenario> = {
  network: async (bed) => {
    bed.intercept(() => Promise.reject(new TypeError('Failed to fetch')));
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    await bed.time.advance(3000);
    return [model, 'error network'];
  },
  server: async (bed) => {
    bed.intercept(async () => new Response('<html>500</html>', { status: 500 }));
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    await bed.time.advance(3000);
    return [model, 'error server'];
  },
  invalidResponse: async (bed) => {
    bed.intercept(async () => new Response('<html>Wi-Fi</html>', { status: 200 }));
    return [await bed.open({ secret: (await bed.newIntent()).secret }), 'error invalidResponse'];
  },
  notFound: async (bed) => [
    await bed.open({ secret: 'pi_missing0000000000000000_secret_abcdefabcdef' }),
    'error notFound',
  ],
  lost: async (bed) => {
    const model = await submitted(bed, await paying(bed, 'never_approved'));
    bed.intercept(async () => notFound());
    await bed.time.advance(2000);
    return [model, 'error lost'];
  },
  badLink: async (bed) => [await bed.open({ secret: 'not-a-secret' }), 'error badLink'],
  badSecret: async (bed) => {
    const [mine, other] = [await bed.newIntent(), await bed.newIntent()];
    return [await bed.open({ intentId: mine.id, secret: other.secret }), 'error badSecret'];
  },
  expired: async (bed) => {
    rewriteReads(bed, (intent) => ({ ...intent, status: 'canceled', cancellation_reason: 'expired' }));
    return [await bed.open({ secret: (await bed.newIntent()).secret }), 'error expired'];
  },
  canceled: async (bed) => {
    rewriteReads(bed, (intent) => ({ ...intent, status: 'canceled', cancellation_reason: null }));
    return [await bed.open({ secret: (await bed.newIntent()).secret }), 'error canceled'];
  },
  sessionUnavailable: async (bed) => {
    const session = await bed.merchant.createSession({
      total: 700,
      currency: 'xaf',
      accountId: 'acct_shop',
      successUrl: 'https://shop.example/ok',
      cancelUrl: 'https://shop.example/cart',
      metadata: {},
      items: [{ productId: 'prt_cafe', quantity: 1, price: 700, productName: 'Café' }],
    });
    // A service without GET /v1/sessions/{id}.
    bed.intercept(async (request) => (request.url.includes('/v1/sessions/') ? notFound() : undefined));
    return [
      await bed.open({ readSession: sessionReader(bed.api, session.id), secret: session.clientSecret }),
      'error sessionUnavailable',
    ];
  },
  tooManyAttempts: async (bed) => {
    // The sandbox cancels an intent whose 20th attempt failed; here every attempt meets a down operator.
    const intent = await bed.newIntent();
    const down = numberFor('operator_unavailable');
    for (let i = 0; i < 20; i += 1) {
      await bed.sandbox.fetch(
        new Request(`http://sandbox.test/v1/payment-intents/${intent.id}/confirm`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            client_secret: intent.secret,
            first_name: 'Awa',
            last_name: 'Ndong',
            receipt_email: 'awa@example.cg',
            payment_method_data: { type: 'momo', momo: { country: 'cg', msisdn: down.msisdn, operator_name: 'mtn' } },
          }),
        }),
      );
      bed.time.skip(6_001);
    }
    return [await bed.open({ secret: intent.secret }), 'error tooManyAttempts'];
  },
  unknownStatus: async (bed) => {
    rewriteReads(bed, (intent) => ({ ...intent, status: 'requires_capture' }));
    return [await bed.open({ secret: (await bed.newIntent()).secret }), 'error unknownStatus'];
  },
  confirmUnknown: async (bed) => {
    const model = await paying(bed);
    bed.intercept(async (request) =>
      request.method === 'POST'
        ? new Response('<html>502</html>', { status: 502 })
        : Promise.reject(new TypeError('reset')),
    );
    void model.submit();
    await bed.time.advance(30_000);
    return [model, 'error confirmUnknown'];
  },
};

/** An attempt at its one-time code step (Orange Money, Senegal unless told), the code refused with `refusal` if given. */
async function atCode(bed: Bed, country = 'sn', refusal?: 'otp_invalid' | 'otp_expired' | 'network') {
  const model = await submitted(bed, await paying(bed, 'approved_after_delay', country, 'orange', 'xof'));
  if (refusal === 'otp_invalid') await model.answerStep(codeAnswer('000000'));
  else if (refusal) {
    bed.intercept(async (request) => {
      if (!request.url.endsWith('/otp')) return undefined;
      if (refusal === 'network') throw new TypeError('offline');
      return Response.json({ error: { code: refusal, message: refusal, field: null } }, { status: 409 });
    });
    void model.answerStep(codeAnswer('123456'));
  }
  await bed.time.settle();
  return model;
}

const atApp = async (bed: Bed) => submitted(bed, await paying(bed, 'approved_after_delay', 'sn', 'wave', 'xof'));

/** Every reason an attempt fails for, and one the page does not know. */
const REASONS = [
  'payer_declined',
  'insufficient_funds',
  'approval_timeout',
  'operator_unavailable',
  'operator_said_no',
];

const SCENARIOS: Record<string, Scenario> = {
  loading: async (bed) => {
    const { secret } = await bed.newIntent();
    bed.intercept(() => new Promise(() => {}));
    const model = await bed.open({ secret });
    return [model, 'loading'];
  },
  'form, every field refused by our rules': async (bed) => {
    const model = await bed.open({ secret: (await bed.newIntent()).secret, onCancel: () => {} });
    await model.submit();
    return [model, 'form'];
  },
  'form, invalid values and a number of another operator': async (bed) => {
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    for (const [field, value] of [
      ['firstName', 'J3an'],
      ['lastName', 'N'.repeat(101)],
      ['email', 'a@'],
      ['operator', 'airtel'],
      ['phone', '06 123 4500'],
    ] as const) {
      model.setField(field, value);
      model.blur(field);
    }
    return [model, 'form'];
  },
  ...Object.fromEntries(
    (['', '06 12', '06 123 4567 8901 23', '07 123 4567'] as const).map((phone): [string, Scenario] => [
      `form, number ${JSON.stringify(phone)}`,
      async (bed) => {
        const model = await bed.open({ secret: (await bed.newIntent()).secret });
        model.setField('phone', phone);
        model.blur('phone');
        return [model, 'form'];
      },
    ]),
  ),
  ...Object.fromEntries(
    [
      'first_name',
      'last_name',
      'receipt_email',
      'payment_method_data.momo.msisdn',
      'payment_method_data.momo.operator_name',
      'payment_method_data.momo.country',
    ].map((field): [string, Scenario] => [
      `form, ${field} refused by the service`,
      async (bed) => {
        const model = await paying(bed);
        bed.intercept(async (request) => (request.method === 'POST' ? refused(field) : undefined));
        return [await submitted(bed, model), 'form'];
      },
    ]),
  ),
  'form, too many attempts': async (bed) => {
    const model = await paying(bed);
    bed.intercept(async (request) =>
      request.method === 'POST'
        ? Response.json(
            { error: { code: 'rate_limited', message: 'wait', field: null } },
            { status: 429, headers: { 'Retry-After': '42' } },
          )
        : undefined,
    );
    return [await submitted(bed, model), 'form'];
  },
  'form, a confirm that never arrived': async (bed) => {
    const model = await paying(bed);
    bed.intercept(async (request) =>
      request.method === 'POST' ? new Response('<html>502</html>', { status: 502 }) : undefined,
    );
    void model.submit();
    await bed.time.advance(5000);
    return [model, 'form'];
  },
  confirming: async (bed) => {
    const model = await paying(bed);
    bed.intercept(async (request) => (request.method === 'POST' ? new Promise(() => {}) : undefined));
    void model.submit();
    return [model, 'confirming'];
  },
  'pending, with an operator code to dial and the connection lost': async (bed) => {
    const model = await submitted(bed, await paying(bed, 'never_approved', 'cm', 'mtn'));
    bed.intercept(() => Promise.reject(new TypeError('offline')));
    await bed.time.advance(30_000);
    return [model, 'pending'];
  },
  unknown: async (bed) => {
    const model = await submitted(bed, await paying(bed, 'never_approved'));
    // The service keeps saying "pending", and gives no deadline: the operator never answers.
    rewriteReads(bed, ({ approval_expires_at: _, ...intent }) => ({
      ...intent,
      status: 'pending',
      last_payment_error: null,
    }));
    await bed.time.advance(6 * 60_000);
    return [model, 'unknown'];
  },
  'succeeded, a session returning to the merchant': async (bed) => {
    const session = await bed.merchant.createSession({
      total: 7000,
      currency: 'xaf',
      accountId: 'acct_shop',
      successUrl: 'https://shop.example/ok',
      cancelUrl: 'https://shop.example/cart',
      metadata: {},
      items: [{ productId: 'prt_cafe', quantity: 2, price: 3500, productName: 'Café' }],
    });
    const model = await bed.open({
      readSession: sessionReader(bed.api, session.id),
      secret: session.clientSecret,
      navigate: () => {},
    });
    bed.fill(model, 'approved_at_once');
    return [await submitted(bed, model), 'succeeded'];
  },
  'succeeded, in a widget': async (bed) => [await submitted(bed, await paying(bed, 'approved_at_once')), 'succeeded'],
  'pending, a one-time code to type (the code to dial known)': async (bed) => [await atCode(bed), 'pending'],
  'pending, a one-time code to type (generated in the wallet’s menu)': async (bed) => [
    await atCode(bed, 'ml'),
    'pending',
  ],
  'pending, a wrong code (the code to dial known)': async (bed) => [await atCode(bed, 'sn', 'otp_invalid'), 'pending'],
  'pending, a wrong code (generated in the wallet’s menu)': async (bed) => [
    await atCode(bed, 'bf', 'otp_invalid'),
    'pending',
  ],
  'pending, an expired code (the code to dial known)': async (bed) => [
    await atCode(bed, 'sn', 'otp_expired'),
    'pending',
  ],
  'pending, an expired code (generated in the wallet’s menu)': async (bed) => [
    await atCode(bed, 'ml', 'otp_expired'),
    'pending',
  ],
  'pending, a code that could not be sent': async (bed) => [await atCode(bed, 'sn', 'network'), 'pending'],
  'pending, the wallet’s app on a computer (its QR code)': async (bed) => [await atApp(bed), 'pending'],
  'pending, the wallet’s app on a computer whose QR code could not be drawn': async (bed) => {
    parts.qrFails = true;
    return [await atApp(bed), 'pending'];
  },
  'pending, the wallet’s app on a phone': async (bed) => {
    asPhone();
    return [await atApp(bed), 'pending'];
  },
  'pending, the wallet’s app on a phone, for a merchant with a name': async (bed) => {
    asPhone();
    rewriteReads(bed, (intent) => ({ ...intent, merchant: AWA }));
    return [await atApp(bed), 'pending'];
  },
  'pending, for a merchant with a name (and in test mode)': async (bed) => {
    rewriteReads(bed, (intent) => ({ ...intent, merchant: AWA, live_mode: 0 }));
    return [await submitted(bed, await paying(bed, 'never_approved')), 'pending'];
  },
  'succeeded, for a merchant with a name and a support address': async (bed) => {
    rewriteReads(bed, (intent) => ({ ...intent, merchant: AWA }));
    return [await submitted(bed, await paying(bed, 'approved_at_once')), 'succeeded'];
  },
  'canceled, in a widget': async (bed) => {
    const model = await paying(bed);
    model.cancel();
    return [model, 'canceled'];
  },
  'elsewhere, a relative’s page while the payer’s attempt waits': async (bed) => {
    const payer = await submitted(bed, await paying(bed));
    const secret = payer.handOffPath().split('#')[1] ?? '';
    return [await bed.open({ secret, relative: true }), 'elsewhere'];
  },
  'unknown, after a reload (the e-mail typed before is not known)': async (bed) => {
    const first = await submitted(bed, await paying(bed, 'never_approved'));
    first.dispose();
    // The service says the window closed ten minutes ago, and still no answer from the operator.
    const closed = new Date(bed.time.now() - 10 * 60_000).toISOString();
    rewriteReads(bed, (intent) => ({
      ...intent,
      status: 'pending',
      last_payment_error: null,
      approval_expires_at: closed,
    }));
    const intent = bed.requests
      .find((r) => r.url.endsWith('/confirm'))!
      .url.split('/')
      .at(-2)!;
    const body = (await bed.requests
      .find((r) => r.url.endsWith('/confirm'))!
      .clone()
      .json()) as { client_secret: string };
    return [await bed.open({ intentId: intent, secret: body.client_secret }), 'unknown'];
  },
  ...Object.fromEntries(
    REASONS.map((code): [string, Scenario] => [
      `failed, ${code}, with a new request offered`,
      async (bed) => {
        const model = await submitted(bed, await paying(bed, 'never_approved'));
        rewriteReads(bed, (intent) => ({
          ...intent,
          status: 'requires_payment_method',
          last_payment_error: { code, message: code, charge_id: intent.charge_id },
        }));
        await bed.time.advance(2000);
        return [model, 'failed'];
      },
    ]),
  ),
  ...Object.fromEntries(Object.entries(ERRORS).map(([kind, scenario]) => [`error, ${kind}`, scenario])),
};

/** A step that is a script of its own, once it is there: its form, or its link (and, on a computer, the QR code or why not). */
async function stepShown(root: Element, lang: Lang) {
  const step = root.querySelector('.momo-pending')?.getAttribute('data-step');
  if (step === 'enter_otp') await waitFor(() => expect(root.querySelector('.momo-code')).not.toBeNull());
  if (step !== 'open_wallet') return;
  const shown = () =>
    'matchMedia' in window
      ? !!root.querySelector('a.momo-open')
      : parts.qrFails
        ? !!root.textContent?.includes(fill(APP_MESSAGES, lang, 'qrFailed'))
        : !!root.querySelector('svg.momo-qr');
  await waitFor(() => expect(shown()).toBe(true));
}

/** What a payer reads or hears: the text, and the attributes screen readers speak. */
function readable(container: Element): string[] {
  const texts = [container.textContent ?? ''];
  for (const element of container.querySelectorAll('*')) {
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = element.getAttribute(name);
      if (value) texts.push(value);
    }
  }
  return texts;
}

describe('Checkout › every screen, every language', () => {
  it.each(Object.entries(SCENARIOS))('%s: no text holds an unfilled {placeholder}', async (_, scenario) => {
    const bed = createBed();
    const [model, expected] = await scenario(bed);
    const screen = model.screen.value;
    expect([screen.name, screen.name === 'error' ? screen.error : ''].join(' ').trim()).toBe(expected);
    for (const lang of LANGS) {
      const view = render(<Checkout model={model} lang={lang} onLangChange={() => {}} />);
      const root = view.container.querySelector('.momo')!;
      expect(root.getAttribute('data-state')).toBe(screen.name);
      await stepShown(root, lang);
      expect(readable(root).filter((text) => text.includes('{') || text.includes('}'))).toEqual([]);
      view.unmount();
    }
    model.dispose();
  });
});

describe('Checkout › screens that depend on what the page still knows', () => {
  const text = async (name: keyof typeof SCENARIOS, lang: Lang) => {
    const bed = createBed();
    const [model] = await SCENARIOS[name]!(bed);
    const view = render(<Checkout model={model} lang={lang} onLangChange={() => {}} />);
    const content = view.container.textContent ?? '';
    view.unmount();
    model.dispose();
    return content;
  };

  it('still verifying after a reload: says where the outcome shows (the wallet’s history), without an address it no longer knows', async () => {
    const fr = await text('unknown, after a reload (the e-mail typed before is not known)', 'fr');
    expect(fr).toContain('l’historique de votre portefeuille le montre.');
    expect(fr).not.toContain('reçu');
    expect(fr).not.toMatch(/à\s*—/);
  });

  it('names the merchant where the service does: the header, the waiting screen, the receipt and its support line', async () => {
    const pending = await text('pending, for a merchant with a name (and in test mode)', 'en');
    expect(pending).toContain('Boutique Awa');
    expect(pending).toContain('Payment of FCFA');
    expect(pending).toContain('TEST');
    const paid = await text('succeeded, for a merchant with a name and a support address', 'fr');
    expect(paid).toContain('Payé àBoutique Awa');
    expect(paid).toContain('Contactez Boutique Awa : aide@awa.example');
    expect(paid).toContain('Total payé');
    // A service that names nobody: no name is made up, and no test label without live_mode 0.
    const plain = await text('succeeded, in a widget', 'fr');
    expect(plain).not.toContain('Payé à');
    expect(plain).toContain('Paiement sécurisé');
  });
});
