// @vitest-environment node
// Property tests over the body of every POST (and PUT) endpoint: whatever arrives, the answer is a 4xx in
// the error shape or a valid 2xx, never a 5xx; a refusal changes nothing (not even an
// Idempotency-Key) and nothing reaches Object.prototype.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import {
  confirmResultSchema,
  disbursementSchema,
  merchantSchema,
  paymentIntentSchema,
  remittanceCreatedSchema,
  sessionSchema,
} from '../../src/api/schemas';
import { encodePng } from '../../src/server/png';
import { anyJson, damaged, pollutedBodies, rawText } from './fuzz-inputs';
import { confirmBody, sessionBody, setupFaults, testNumber, TOKEN, transferBody } from './helpers';

type Context = ReturnType<typeof setupFaults>;
type Bed = Context & { intent: Awaited<ReturnType<Context['newIntent']>> };

interface Endpoint {
  /** POST unless told. */
  method?: 'PUT';
  path: (bed: Bed) => string;
  valid: (bed: Bed) => unknown;
  check: (body: unknown) => void;
  /** Only the endpoints of the API: a fault rule accepted by the control would fault follow-ups. */
  followUp: boolean;
}

const parses = (schema: z.ZodMiniType) => (body: unknown) => void schema.parse(body);

const ENDPOINTS: Record<string, Endpoint> = {
  'POST /v1/remittance': {
    path: () => '/v1/remittance',
    valid: () => transferBody({ metadata: { ref: 'r-1' } }),
    check: parses(remittanceCreatedSchema),
    followUp: true,
  },
  'POST /v1/disbursement': {
    path: () => '/v1/disbursement',
    valid: () => transferBody(),
    check: parses(disbursementSchema),
    followUp: true,
  },
  'POST /v1/sessions': {
    path: () => '/v1/sessions',
    valid: () => sessionBody(),
    check: parses(sessionSchema),
    followUp: true,
  },
  'POST /v1/payment-intents': {
    path: () => '/v1/payment-intents',
    valid: () => ({
      amount: 2500,
      currency: 'xaf',
      description: 'Pagne',
      metadata: { order: 'A-1', gift: true, n: 3 },
    }),
    check: parses(paymentIntentSchema),
    followUp: true,
  },
  'POST /v1/payment-intents/:id/confirm': {
    path: (bed) => `/v1/payment-intents/${bed.intent.intent_id}/confirm`,
    valid: (bed) => confirmBody(bed.intent.client_secret, testNumber('approved_after_delay')),
    check: parses(confirmResultSchema),
    followUp: true,
  },
  'PUT /v1/_sandbox/merchant': {
    method: 'PUT',
    path: () => '/v1/_sandbox/merchant',
    valid: () => ({
      name: 'Boutique Awa',
      logo: `data:image/png;base64,${encodePng(2, 1, new Uint8Array([200, 80, 30, 255, 255, 255, 255, 0])).toString('base64')}`,
      support_email: 'aide@awa.cg',
      support_phone: '+242061234567',
    }),
    check: parses(merchantSchema),
    followUp: true,
  },
  'POST /v1/_sandbox/faults': {
    path: () => '/v1/_sandbox/faults',
    valid: () => [
      { route: 'GET /v1/remittance', kind: 'http_error', status: 503, times: 2, probability: 0.5, seed: 9 },
    ],
    check: (body) => expect(body).toMatchObject({ rules: expect.any(Array) }),
    followUp: false,
  },
};

/** Runs per endpoint and kind of input: damaged valid bodies reach furthest, so they get the most. */
const RUNS = {
  'any JSON value': 100,
  'the valid body damaged in one to four places': 300,
  'raw text that is mostly not JSON': 100,
};
/** About a second is usual; a busy machine (GC pauses, other builds) has made it five. */
const PROPERTY_TIMEOUT_MS = 60_000;
/** The damaged bodies are drawn before any intent exists: the real secret replaces this one. */
const PLACEHOLDER = { intent_id: 'pi_placeholder', client_secret: 'pi_placeholder_secret_placeholder' };
const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();

async function snapshot(bed: Bed) {
  const { confirms: _confirms, ...records } = bed.sandbox.stats();
  const intent = await bed.readIntent(bed.intent.intent_id, TOKEN);
  return { records, intent, rules: bed.faults.rules() };
}

function expectErrorShape(body: unknown): void {
  expect(Object.keys(body as object)).toEqual(['error']);
  const error = (body as { error: Record<string, unknown> }).error;
  expect(Object.keys(error)).toEqual(['code', 'message', 'field']);
  expect(typeof error.code).toBe('string');
  expect(typeof error.message).toBe('string');
  expect(error.field === null || typeof error.field === 'string').toBe(true);
}

/** Sends `text` as the body, then checks the answer; returns 1 so runs can be counted. */
async function probe(endpoint: Endpoint, text: string): Promise<number> {
  const context = setupFaults();
  const bed: Bed = { ...context, intent: await context.newIntent() };
  const before = endpoint.followUp ? await snapshot(bed) : { rules: bed.faults.rules() };
  const key = { 'Idempotency-Key': 'fuzz-1' };
  const send = (raw: string) =>
    bed.call(endpoint.method ?? 'POST', endpoint.path(bed), {
      raw,
      headers: { 'Content-Type': 'application/json', ...key },
    });

  const response = await send(text.replaceAll(PLACEHOLDER.client_secret, bed.intent.client_secret));
  const answer = await response.text();
  expect(response.status, answer).toBeGreaterThanOrEqual(200);
  expect(response.status, answer).toBeLessThan(500);
  const body = JSON.parse(answer) as unknown;
  if (response.status < 300) {
    endpoint.check(body);
  } else {
    expectErrorShape(body);
    if (endpoint.followUp) {
      expect(await snapshot(bed)).toEqual(before);
      // The refused request left no trace under its key: the valid body with it is done, not replayed.
      const valid = await send(JSON.stringify(endpoint.valid(bed)));
      expect(valid.status).toBeLessThan(300);
      expect(valid.headers.get('idempotent-replayed')).toBeNull();
    } else {
      expect(bed.faults.rules()).toEqual(before.rules);
    }
  }
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNames);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  return 1;
}

describe.each(Object.entries(ENDPOINTS))('%s › any request body', (_name, endpoint) => {
  const inputs: Record<keyof typeof RUNS, fc.Arbitrary<string>> = {
    'any JSON value': anyJson,
    'the valid body damaged in one to four places': damaged(endpoint.valid({ intent: PLACEHOLDER } as Bed)),
    'raw text that is mostly not JSON': rawText,
  };

  it.each(Object.entries(inputs))(
    'answers %s with a 4xx in the error shape or a valid 2xx, never a 5xx',
    async (label, arbitrary) => {
      const numRuns = RUNS[label as keyof typeof RUNS];
      let tried = 0;
      await fc.assert(
        fc.asyncProperty(arbitrary, async (text) => {
          tried += await probe(endpoint, text);
        }),
        { numRuns },
      );
      expect(tried).toBe(numRuns);
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'answers the valid body with a prototype-pollution key on each of its objects without a 5xx or a polluted prototype',
    async () => {
      const bodies = pollutedBodies(endpoint.valid({ intent: PLACEHOLDER } as Bed));
      let tried = 0;
      for (const text of bodies) tried += await probe(endpoint, text);
      expect(tried).toBeGreaterThanOrEqual(12);
    },
    PROPERTY_TIMEOUT_MS,
  );
});
