// @vitest-environment node
// The OpenAPI document, as the build writes it and as a bare sandbox serves it, linted by Redocly's
// CLI with its recommended rules through `npm run lint:openapi`: no error and no warning. It runs in
// `npm test`, so CI lints the document of every commit.
import { describe, expect, it } from 'vitest';
import { EXTENSION, openApiDocument } from '../../../src/sandbox/openapi/document';
import { lintDocument } from './lint';

type Doc = { paths: Record<string, Record<string, Record<string, unknown>>> };

describe('the OpenAPI document', () => {
  it.each([
    ['with the extensions (dist/openapi.json)', true],
    ['of a bare service', false],
  ])('lints clean %s', async (_name, extensions) => {
    const linted = await lintDocument(openApiDocument({ extensions }));
    expect(linted).toEqual({ errors: 0, warnings: 0, problems: [] });
  });

  it('is refused by the linter when it breaks a rule (the check can fail)', async () => {
    // An answer that names a schema the document lacks.
    const broken = JSON.parse(
      JSON.stringify(openApiDocument()).replace(
        '"#/components/schemas/RemittanceList"',
        '"#/components/schemas/Nothing"',
      ),
    );
    expect((await lintDocument(broken)).errors).toBeGreaterThan(0);
  });

  it('names only the schemas its operations reach: a bare service’s lacks the extensions’', () => {
    const schemas = (extensions: boolean) =>
      Object.keys((openApiDocument({ extensions }) as { components: { schemas: object } }).components.schemas);
    expect(schemas(true)).toContain('PublicSession');
    expect(schemas(false)).not.toContain('PublicSession');
    expect(schemas(false)).toContain('ConfirmRequest');
  });

  it('marks the extensions, and a bare service’s document has no extension parameter', () => {
    const full = openApiDocument() as Doc;
    expect(full.paths['/v1/payment-intents/{id}/otp']?.post?.[EXTENSION]).toBe(true);
    expect(full.paths['/v1/payment-intents/{id}/confirm']?.post?.[EXTENSION]).toBeUndefined();
    const names = (doc: Doc) =>
      ((doc.paths['/v1/payment-intents/{id}/confirm']?.post?.parameters ?? []) as { name: string }[]).map(
        (p) => p.name,
      );
    expect(names(full)).toEqual(['id', 'Idempotency-Key']);
    expect(names(openApiDocument({ extensions: false }) as Doc)).toEqual(['id']);
  });
});
