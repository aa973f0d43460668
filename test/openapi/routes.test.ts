// @vitest-environment node
// The OpenAPI document cannot drift from the sandbox: every route the sandbox registers is an
// operation of the document and every operation a route, with the extensions and without; the
// sandbox and the server serve the document at /openapi.json; and it follows the zod schemas.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { merchantSchema } from '../../src/api/schemas';
import { createSandbox } from '../../src/sandbox';
import { CONTROL_PREFIX } from '../../src/sandbox/faults/middleware';
import { NAMED_SCHEMAS } from '../../src/sandbox/openapi/components';
import { EXTENSION, openApiDocument } from '../../src/sandbox/openapi/document';
import { OPENAPI_PATH } from '../../src/sandbox/openapi/route';
import { apiApp } from '../../src/server/apps/api';

type Doc = {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
  servers: { url: string }[];
};
const documentOf = (extensions: boolean) => openApiDocument({ extensions }) as Doc;

/** `GET /v1/sessions/{id}` for each operation of the document. */
const operationsOf = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );

/**
 * The sandbox's routes as the document writes them: its handlers (Hono lists a route once per
 * handler and middleware), less CORS preflights and the document's own address (docs/openapi.md).
 */
function routesOf(sandbox: ReturnType<typeof createSandbox>): string[] {
  const routes = sandbox.app.routes
    .filter((r) => r.method !== 'ALL' && r.method !== 'OPTIONS' && r.path !== OPENAPI_PATH)
    .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
  return [...new Set(routes)].sort();
}

describe('the document and the sandbox', () => {
  it.each([true, false])('name the same operations (extensions: %s)', (extensions) => {
    const sandbox = createSandbox({ env: {}, extensions });
    expect(operationsOf(documentOf(extensions)).sort()).toEqual(routesOf(sandbox));
  });

  it('mark as extensions exactly what a bare service lacks, but the intent creation it keeps', () => {
    const full = documentOf(true);
    const marked = operationsOf(full).filter((op) => {
      const [method = '', path = ''] = op.split(' ');
      return full.paths[path]?.[method.toLowerCase()]?.[EXTENSION] === true;
    });
    const bare = new Set(operationsOf(documentOf(false)));
    expect(marked.filter((op) => bare.has(op))).toEqual(['POST /v1/payment-intents']);
    expect(
      operationsOf(full)
        .filter((op) => !bare.has(op))
        .every((op) => marked.includes(op)),
    ).toBe(true);
  });

  it('leave out only the fault control, which a sandbox has with faults on (tests only)', () => {
    const plain = new Set(routesOf(createSandbox({ env: {} })));
    const extra = routesOf(createSandbox({ env: {}, faults: true })).filter((route) => !plain.has(route));
    expect(extra.length).toBeGreaterThan(0);
    expect(extra.every((route) => route.split(' ')[1]?.startsWith(CONTROL_PREFIX))).toBe(true);
  });
});

describe('GET /openapi.json', () => {
  it('is the document of what that sandbox answers, on its own address', async () => {
    for (const extensions of [true, false]) {
      const sandbox = createSandbox({ env: {}, extensions, checkoutBaseUrl: 'http://sandbox.test:4000' });
      const response = await sandbox.fetch(new Request(`http://sandbox.test:4000${OPENAPI_PATH}`));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const served = (await response.json()) as Doc;
      expect(served).toEqual({
        ...documentOf(extensions),
        servers: [{ url: 'http://sandbox.test:4000', description: 'This sandbox' }],
      });
    }
  });

  it('is served by npm start and momo-checkout-sandbox (their API sub-app)', async () => {
    const sandbox = createSandbox({ env: {} });
    const response = await apiApp(sandbox, { compress: true }).request(OPENAPI_PATH);
    expect(response.status).toBe(200);
    expect(((await response.json()) as Doc).paths['/v1/payment-intents/{id}/confirm']).toBeDefined();
  });
});

describe('the document follows the zod schemas', () => {
  it('gives every object schema its fields, required where zod requires them', () => {
    const { schemas } = documentOf(true).components;
    for (const [name, schema] of Object.entries(NAMED_SCHEMAS)) {
      const shape = (schema._zod.def as { shape?: Record<string, z.ZodMiniType> }).shape;
      if (!shape) continue;
      const required = Object.entries(shape)
        .filter(([, field]) => field._zod.optin !== 'optional')
        .map(([key]) => key);
      expect(Object.keys(schemas[name]?.properties ?? {}), name).toEqual(Object.keys(shape));
      expect(schemas[name]?.required ?? [], name).toEqual(required);
    }
  });

  it('changes when a schema changes', () => {
    const named = NAMED_SCHEMAS as Record<string, z.ZodMiniType>;
    named.Merchant = z.extend(merchantSchema, { tagline: z.string() });
    try {
      const merchant = documentOf(true).components.schemas.Merchant;
      expect(merchant?.properties).toHaveProperty('tagline', { type: 'string' });
      expect(merchant?.required).toContain('tagline');
    } finally {
      named.Merchant = merchantSchema;
    }
    expect(documentOf(true).components.schemas.Merchant?.properties).not.toHaveProperty('tagline');
  });
});
