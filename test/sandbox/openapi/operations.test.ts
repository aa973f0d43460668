// @vitest-environment node
// The OpenAPI document cannot drift from the sandbox: every route the sandbox registers is an
// operation of the table and every operation a route, with the extensions and without.
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../../src/sandbox';
import { CONTROL_PREFIX } from '../../../src/sandbox/faults/middleware';
import { EXTENSION, openApiDocument } from '../../../src/sandbox/openapi/document';
import { OPERATIONS } from '../../../src/sandbox/openapi/operations';
import { OPENAPI_PATH } from '../../../src/sandbox/openapi/route';

type Doc = { paths: Record<string, Record<string, Record<string, unknown>>> };
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

describe('the operations table and the sandbox', () => {
  it.each([true, false])('name the same operations (extensions: %s)', (extensions) => {
    const sandbox = createSandbox({ env: {}, extensions });
    const routes = routesOf(sandbox);
    expect(routes.length).toBeGreaterThan(extensions ? 15 : 5);
    expect(operationsOf(documentOf(extensions)).sort()).toEqual(routes);
  });

  it('hold, unmarked, every operation the service\u2019s interface documents', () => {
    const full = documentOf(true);
    for (const [method, path] of [
      ['get', '/v1/remittance'],
      ['post', '/v1/remittance'],
      ['post', '/v1/disbursement'],
      ['get', '/v1/payment-intents/{id}'],
      ['post', '/v1/payment-intents/{id}/confirm'],
      ['post', '/v1/sessions'],
    ] as const) {
      expect(full.paths[path]?.[method], `${method} ${path}`).toBeDefined();
      expect(full.paths[path]?.[method]?.[EXTENSION], `${method} ${path}`).toBeUndefined();
    }
  });

  it('have one row per operation, each with an operationId of its own', () => {
    const ids = OPERATIONS.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(OPERATIONS.map((op) => `${op.method} ${op.path}`)).size).toBe(OPERATIONS.length);
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
