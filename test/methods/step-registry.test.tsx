// The recipe "add an approval step" (docs/architecture.md), held: a step is its files in its
// method's steps folder, its line in the registry (src/methods/step-registry.ts) and its member of
// the contract's union (nextActionSchema) — nothing else. The steps of today are held to that (no
// other shipped code names them, but the few places the doc lists), and a fixture step added
// through the registry alone is rendered by the page (its script fetched by the real loader) and by
// the page without JavaScript, with no other edit; one answered through an endpoint of its own and
// a page of the sandbox's is sent its answer by the model and played by the sandbox, the same way.
// No core code names a step's addresses either. It costs widget.js nothing: the page's contract
// rules name no step but the push.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { render, waitFor } from '@testing-library/preact';
import ts from 'typescript';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextActionSchema, nextActionViewSchema } from '../../src/api/schemas/checkout';
import { Checkout } from '../../src/components/Checkout';
import { registerStep } from '../../src/methods/register-step';
import { STEPS } from '../../src/methods/step-registry';
import type { StepPage, StepPart } from '../../src/methods/steps';
import { createFormTokens } from '../../src/server/form-token';
import { wordsOf } from '../../src/server/plain-pages';
import { statusOf } from '../../src/server/plain-status';
import { BASE_URL, createBed } from '../support/checkout-bed';

const ROOT = join(__dirname, '../..');
/** The steps of the contract's union: every member but the type and the push, built in. */
const UNION = Object.keys(nextActionSchema.shape).filter((key) => key !== 'type' && key !== 'approve_on_phone');

function files(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** A module's code without its comments: a step named in a comment is not the code knowing it. */
const codeOf = (file: string) =>
  ts
    .createPrinter({ removeComments: true })
    .printFile(ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest));

/** A step's own files: src/methods/<method>/steps/<name>.*. */
const ownFile = (name: string) => new RegExp(`^src/methods/[^/]+/steps/${name}\\.`);

// Where the shipped code may name a step besides its own files, the registry and the contract's
// union, and why — each an endpoint of the service the step answers through, or the method's data.
const ALSO_NAMED: Record<string, readonly string[]> = {
  enter_otp: [
    // Which wallets approve with a code (the sandbox's knowledge, with sources); the payer's answers,
    // each kind named after its step; the journals' former names, read back as the step's; the
    // warning before paying such a wallet again (it refuses repeats).
    'src/methods/momo/approval.ts',
    'src/methods/momo/sandbox.ts',
    'src/sandbox/persist/former-names.ts',
    'src/methods/momo/method.ts',
  ],
  open_wallet: ['src/methods/momo/approval.ts', 'src/methods/momo/sandbox.ts', 'src/sandbox/persist/former-names.ts'],
};

describe('add an approval step › the steps of today', () => {
  it('each member of the contract’s union has its script, its HTML renderer and its emulation, listed in the registry', () => {
    expect(Object.keys(STEPS).sort()).toEqual([...UNION].sort());
    const entries = files('src/methods').filter((file) => file.endsWith('.entry.ts'));
    for (const name of UNION) {
      const entry = entries.find((file) => ownFile(name).test(file) && file.endsWith(`/${name}.entry.ts`));
      expect(entry, `${name}'s script`).toBeDefined();
      expect(readFileSync(join(ROOT, entry!), 'utf8')).toContain(`registerStep('${name}'`);
      expect(STEPS[name]!.page.html).toBeTypeOf('function');
      expect(STEPS[name]!.sandbox.detail).toBeTypeOf('function');
    }
  });

  it('no other shipped code names a step (the core knows none), but the endpoints and data the doc lists', () => {
    const shipped = files('src');
    for (const name of UNION) {
      const naming = shipped
        .filter((file) => !ownFile(name).test(file))
        .filter((file) => file !== 'src/methods/step-registry.ts' && file !== 'src/api/schemas/checkout.ts')
        .filter((file) => codeOf(file).includes(name));
      expect(naming.sort(), name).toEqual([...(ALSO_NAMED[name] ?? [])].sort());
    }
    // Every shipped module parsed once per step: seconds on a busy machine, not Vitest's default 5.
  }, 60_000);

  it('no other shipped code names a step’s addresses (its endpoint, its sandbox page) but the OpenAPI document', () => {
    const shipped = files('src');
    for (const [name, { page, sandbox }] of Object.entries(STEPS)) {
      const segments = [sandbox.endpoint?.path, sandbox.page?.path, page.answer?.path].filter(
        (path) => path !== undefined,
      );
      for (const segment of new Set(segments)) {
        const address = new RegExp(`/${segment}(?![\\w-])`);
        const naming = shipped
          .filter((file) => !ownFile(name).test(file) && !file.startsWith('src/sandbox/openapi/'))
          .filter((file) => address.test(codeOf(file)));
        expect(naming, `${name}: /${segment}`).toEqual([]);
      }
    }
    // Every shipped module parsed once per address: seconds on a busy machine.
  }, 60_000);

  it('costs widget.js nothing: the page’s contract reads no step but the push (a step’s script checks its detail)', () => {
    expect(Object.keys(nextActionViewSchema.shape)).toEqual(['type', 'approve_on_phone']);
    const rules = readFileSync(join(ROOT, 'src/api/schemas/checkout.rules.json'), 'utf8');
    for (const name of UNION) expect(rules).not.toContain(name);
  });
});

// The fixture: a step the service might add ("dial a code, then confirm on the phone"), as its
// folder would bring it — its part (heading, component) and its HTML renderer — and nothing else.
const DIAL: StepPart = {
  heading: (lang) => (lang === 'fr' ? 'Composez le code' : 'Dial the code'),
  make: ({ h }) =>
    // biome-ignore lint/correctness/noComponentHookFactories: a step's part makes its component once, with the Preact the page lends (src/components/Pending.tsx)
    function DialStep({ attempt }) {
      const step = attempt.step;
      const code = step.type === 'step' ? String(step.detail.ussd_code) : '';
      return h('p', { class: 'dial-fixture' }, `Dial ${code}, then confirm on your phone.`);
    },
};

const DIAL_PAGE: StepPage = {
  heading: DIAL.heading,
  refresh: 3,
  html: ({ detail, esc, check }) => `<p class="dial-fixture">${esc(`Dial ${String(detail.ussd_code)}.`)}</p>${check}`,
};

/** The fixture's detail, as the service sends it under the step's name. */
const DIAL_ACTION = { type: 'dial_ussd', dial_ussd: { ussd_code: '*880#', expires_at: '2099-01-01T00:00:00Z' } };

describe('add an approval step › a new one, through the registry alone', () => {
  afterEach(() => {
    delete STEPS.dial_ussd;
    vi.restoreAllMocks();
  });

  it('the page fetches its script by the service’s name and shows its heading and component', async () => {
    // The browser runs the fetched script: here, as jsdom runs none, the script's one line is run
    // when the loader appends it, and its load is told.
    const append = document.head.appendChild.bind(document.head);
    const fetched: string[] = [];
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
      if (node instanceof HTMLScriptElement && node.src.endsWith('/steps/dial_ussd.js')) {
        fetched.push(node.src);
        registerStep('dial_ussd', DIAL);
        queueMicrotask(() => node.dispatchEvent(new Event('load')));
      }
      return append(node);
    });
    const bed = createBed();
    // The service asks for the new step (its detail under its name, as the contract's union says).
    bed.intercept(async (request) => {
      const answer = await bed.sandbox.fetch(request);
      if (!answer.ok || !/\/(confirm|pi_[^/]+)$/.test(new URL(request.url).pathname)) return answer;
      const body = (await answer.json()) as { status: string; next_action?: unknown };
      if (body.status === 'pending') body.next_action = DIAL_ACTION;
      return Response.json(body, { status: answer.status });
    });
    const model = await bed.startAttempt('bj', 'mtn', 'never_approved');
    const view = render(<Checkout model={model} lang="en" onLangChange={() => {}} />);
    await waitFor(() => expect(view.container.querySelector('.dial-fixture')).not.toBeNull());
    expect(view.container.querySelector('.momo-pending')!.getAttribute('data-step')).toBe('dial_ussd');
    expect(view.container.querySelector('h2')!.textContent).toBe('Dial the code');
    expect(view.container.querySelector('.dial-fixture')!.textContent).toBe('Dial *880#, then confirm on your phone.');
    expect(fetched).toHaveLength(1);
    view.unmount();
    model.dispose();
  });

  it('the page without JavaScript shows it from the same screen mapping, with its own HTML renderer', async () => {
    STEPS.dial_ussd = {
      page: DIAL_PAGE,
      sandbox: { awaits: () => true, detail: () => ({ ussd_code: '*880#' }), judge: () => null },
    };
    const bed = createBed();
    const model = await bed.startAttempt('bj', 'mtn', 'never_approved');
    const read = await bed.merchant.getIntent(model.intent.value!.intent_id);
    // The intent as the service reads it once the step is a member of the contract's union.
    const intent = { ...read, next_action: DIAL_ACTION } as typeof read;
    const visit = { typed: null, userAgent: '', resume: '', now: Date.parse(intent.updated_at), relative: false };
    const page = statusOf({ intent, session: null }, intent.intent_id, wordsOf('fr'), createFormTokens(), visit);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<h1>Composez le code</h1>');
    expect(html).toContain('<p class="dial-fixture">Dial *880#.</p>');
    expect(html).toContain('http-equiv="refresh" content="3"');
    // Without its line in the registry, the same read is the push.
    delete STEPS.dial_ussd;
    const push = await statusOf(
      { intent, session: null },
      intent.intent_id,
      wordsOf('fr'),
      createFormTokens(),
      visit,
    ).text();
    expect(push).not.toContain('dial-fixture');
    model.dispose();
  });

  it('a step answered through an endpoint of its own, with a page of the sandbox’s: the model and the sandbox take them from the registry', async () => {
    STEPS.dial_ussd = {
      page: {
        ...DIAL_PAGE,
        answer: {
          path: 'dialled',
          read: (form) => (form.get('done') === 'yes' ? { answer: { done: 'yes' } } : { refused: 'short' }),
        },
      },
      sandbox: {
        awaits: () => true,
        detail: () => ({ ussd_code: '*880#' }),
        judge: () => null,
        endpoint: {
          path: 'dialled',
          read: () => ({ kind: 'enter_otp', right: true }),
          notExpected: { code: 'invalid_request', message: 'No attempt waits for a dialled code.' },
          expired: { code: 'invalid_request', message: 'Too late to have dialled.' },
          refusal: () => null,
        },
        page: {
          path: 'ussd',
          title: 'USSD — sandbox',
          token: () => 'fixture-token',
          html: ({ wallet, form }) => `<p class="dial-fixture">${wallet}</p>${form}<button>Dialled</button></form>`,
          read: () => null,
        },
      },
    };
    // The sandbox made after the registry's line: it mounts the step's endpoint and page.
    const bed = createBed();
    const sent: Request[] = [];
    bed.intercept(async (request) => {
      if (/\/dialled$/.test(new URL(request.url).pathname)) sent.push(request.clone());
      const answer = await bed.sandbox.fetch(request);
      if (!answer.ok || !/\/(confirm|pi_[^/]+)$/.test(new URL(request.url).pathname)) return answer;
      const body = (await answer.json()) as { status: string; next_action?: unknown };
      if (body.status === 'pending') body.next_action = DIAL_ACTION;
      return Response.json(body, { status: answer.status });
    });
    const model = await bed.startAttempt('bj', 'mtn', 'never_approved');
    const intent = model.intent.value!;
    expect(model.screen.value).toMatchObject({ name: 'pending', attempt: { step: { name: 'dial_ussd' } } });

    // The model sends the step's answer to the step's endpoint, once, with the client secret; the
    // sandbox's emulation answers (this attempt is the push's: not expected), and the step says so.
    expect(await model.answerStep({ path: 'dialled', body: { done: 'yes' } })).toBe(false);
    expect(sent.map((request) => [request.method, new URL(request.url).pathname])).toEqual([
      ['POST', `/v1/payment-intents/${intent.intent_id}/dialled`],
    ]);
    expect(await sent[0]!.json()).toEqual({ done: 'yes', client_secret: expect.stringMatching(/^pi_/) });
    expect(model.screen.value).toMatchObject({
      name: 'pending',
      attempt: { step: { name: 'dial_ussd', sending: false, refused: 'invalid_request' } },
    });

    // The sandbox's page for the step, at the address its emulation names.
    const shown = await bed.sandbox.fetch(
      new Request(`${BASE_URL}/v1/_sandbox/ussd/${intent.intent_id}/fixture-token`),
    );
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('<title>USSD — sandbox</title>');

    // (The page without JavaScript posts a step's form to the same endpoint, read by the step's
    // `page.answer` — once the contract's union has the step's member, which a fixture cannot add:
    // test/server/plain-payment.test.ts posts the one-time code's.)
    model.dispose();
  });
});
