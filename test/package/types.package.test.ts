// The declarations as merchants' TypeScript sees them: a strict project (strict,
// exactOptionalPropertyTypes, skipLibCheck off) under node16 and under bundler resolution, whose
// files use every entry and pin misuse with @ts-expect-error (an unused one is an error too);
// and the tarball through publint and @arethetypeswrong/cli.
import { describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../../src/server/paths';
import { run } from './support/commands';

const { consumer, tarball } = inject('pkg');

describe('the declarations in a strict TypeScript project', () => {
  it.each(['node16', 'bundler'])('type-check under moduleResolution %s', async (mode) => {
    await expect(run('npx', ['tsc', '-p', `tsconfig.${mode}.json`], { cwd: consumer })).resolves.toBe('');
  });
});

describe('the tarball’s metadata', () => {
  it('passes publint', async () => {
    const output = await run('npx', ['publint', tarball], { cwd: REPO_ROOT });
    expect(output).toContain('All good!');
  });

  it('passes @arethetypeswrong/cli in node10, node16 (CJS and ESM) and bundler, for every entry', async () => {
    const output = await run('npx', ['attw', tarball, '--format', 'table-flipped'], { cwd: REPO_ROOT });
    expect(output).toContain('No problems found');
    for (const entry of [
      'momo-checkout',
      'momo-checkout/widget',
      'momo-checkout/react',
      'momo-checkout/fulfillment',
      'momo-checkout/widget.js',
    ])
      expect(output).toContain(`"${entry}"`);
  });
});
