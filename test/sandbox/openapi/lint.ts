// Lints an OpenAPI document with Redocly's CLI through `npm run lint:openapi` (redocly.yaml: its
// recommended rules), as CI does: what it finds, each as `rule: message at pointer`.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../../../src/server/paths';

const run = promisify(execFile);

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
}

export interface Linted {
  errors: number;
  warnings: number;
  problems: string[];
}

export async function lintDocument(document: object): Promise<Linted> {
  const dir = await mkdtemp(join(tmpdir(), 'momo-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    // Exit status 1 on an error: the report on stdout says which, so it is read either way.
    const { stdout } = await run('npm', ['run', '--silent', 'lint:openapi', '--', '--format=json', file], {
      cwd: REPO_ROOT,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as LintReport;
    return {
      errors: report.totals.errors,
      warnings: report.totals.warnings,
      problems: report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
