// @vitest-environment node
// GET /openapi.json: the document of what that sandbox answers, on its own address, served by the
// sandbox and by the servers that mount it (npm start, momo-checkout-sandbox).
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../../src/sandbox';
import { openApiDocument } from '../../../src/sandbox/openapi/document';
import { OPENAPI_PATH } from '../../../src/sandbox/openapi/route';
import { apiApp } from '../../../src/server/apps/api';

const BASE = 'http://sandbox.test:4000';

describe('GET /openapi.json', () => {
  it.each([true, false])('is the document of that sandbox, on its own address (extensions: %s)', async (extensions) => {
    const sandbox = createSandbox({ env: {}, extensions, checkoutBaseUrl: BASE });
    const response = await sandbox.fetch(new Request(`${BASE}${OPENAPI_PATH}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toEqual({
      ...openApiDocument({ extensions }),
      servers: [{ url: BASE, description: 'This sandbox' }],
    });
  });

  it('is served by npm start and momo-checkout-sandbox (their API sub-app), compressed where asked', async () => {
    const sandbox = createSandbox({ env: {} });
    const app = apiApp(sandbox, { compress: true });
    const response = await app.request(OPENAPI_PATH, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const plain = await apiApp(sandbox, { compress: false }).request(OPENAPI_PATH);
    expect(((await plain.json()) as { openapi: string }).openapi).toBe('3.1.0');
  });
});
