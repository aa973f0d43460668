// @vitest-environment node
// The OpenAPI document, as the build writes it and as a bare sandbox serves it, linted by Redocly's
// CLI with its recommended rules (redocly.yaml) through `npm run lint:openapi`: no error and no
// warning. It runs in `npm test`, so CI lints the document of every commit.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/sandbox/openapi/document';
import { REPO_ROOT } from '../../src/server/paths';

const run = promisify(execFile);
const dir = await mkdtemp(join(tmpdir(), 'momo-openapi-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
}

async function lint(document: object, name: string): Promise<LintReport> {
  const file = join(dir, name);
  await writeFile(file, JSON.stringify(document));
  // Exit status 1 on an error: the report on stdout says which, so it is read either way.
  const { stdout } = await run('npm', ['run', '--silent', 'lint:openapi', '--', '--format=json', file], {
    cwd: REPO_ROOT,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return JSON.parse(stdout) as LintReport;
}

const described = (report: LintReport) =>
  report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`);

describe('the OpenAPI document', () => {
  it.each([
    ['with the extensions (dist/openapi.json)', true],
    ['of a bare service', false],
  ])('lints clean %s', async (_name, extensions) => {
    const report = await lint(openApiDocument({ extensions }), `openapi-${extensions}.json`);
    expect(described(report)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('lints clean with the events a sandbox will deliver (issue 32: the webhooks to come)', async () => {
    const webhooks = [
      { type: 'payment_intent.succeeded', summary: 'A payment succeeded', payload: 'PaymentIntent' as const },
    ];
    const document = openApiDocument({ webhooks }) as { webhooks?: Record<string, unknown> };
    expect(Object.keys(document.webhooks ?? {})).toEqual(['payment_intent.succeeded']);
    const report = await lint(document, 'openapi-webhooks.json');
    expect(described(report)).toEqual([]);
  });

  it('is refused by the linter when it breaks a rule (the check can fail)', async () => {
    // An answer that names a schema the document lacks.
    const broken = JSON.parse(
      JSON.stringify(openApiDocument()).replace(
        '"#/components/schemas/RemittanceList"',
        '"#/components/schemas/Nothing"',
      ),
    );
    const report = await lint(broken, 'broken.json');
    expect(report.totals.errors).toBeGreaterThan(0);
  });
});
