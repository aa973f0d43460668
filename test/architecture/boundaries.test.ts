// @vitest-environment node
// The architecture's import rules, as the linter enforces them (biome.json's overrides): each rule
// is run on a small tree of files that break it and files that keep it, with the project's own
// configuration, so a rule that stops matching (a glob or a message edited away) fails here rather
// than letting the code drift quietly.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const biome = join(root, 'node_modules/.bin/biome');

/** path → [an import line, whether the rules refuse it]. */
const FIXTURES: Record<string, [string, boolean]> = {
  // Components never call the API; the contract's types are theirs to read.
  'src/components/CallsApi.tsx': ["import { createClient } from '../api/client';", true],
  'src/components/ReadsEndpoint.tsx': ["import { confirmIntentView } from '../api/endpoints/checkout';", true],
  'src/components/ReadsTypes.tsx': ["import type { PaymentIntentView } from '../api/types';", false],
  'src/components/ReadsModel.tsx': ["import type { CheckoutModel } from '../checkout/model';", false],
  // Browser code never imports zod.
  'src/components/Zod.tsx': ["import { z } from 'zod/mini';", true],
  'src/checkout/zod.ts': ["import { z } from 'zod/mini';", true],
  'src/hosted/zod.ts': ["import * as z from 'zod';", true],
  'src/widget/zod.ts': ["import { z } from 'zod/mini';", true],
  'src/react/zod.ts': ["import { z } from 'zod/mini';", true],
  'src/api/endpoints/checkout.ts': ["import { z } from 'zod/mini';", true],
  'src/checkout/parsers.ts': ["import { paymentIntentViewParser } from '../api/schemas/parsers';", false],
  // The sandbox, on the server, validates with zod.
  'src/sandbox/zod.ts': ["import { z } from 'zod/mini';", false],
  // src/ is what ships: never test/, bench/ or scripts/.
  'src/sandbox/test.ts': ["import { createBed } from '../../test/support/checkout-bed';", true],
  'src/server/bench.ts': ["import { measure } from '../../bench/stats';", true],
  'src/api/scripts.ts': ["import { build } from '../../scripts/build';", true],
  'src/checkout/test.ts': ["import { createBed } from '../../test/support/checkout-bed';", true],
  'src/widget/test.ts': ["import { createBed } from '../../test/support/checkout-bed';", true],
  'src/react/bench.ts': ["import { measure } from '../../bench/stats';", true],
  // A payment method's folder: its own files and the method seam, nothing else.
  'src/methods/momo/phone.ts': ["import { findWallet } from '../../phone';", true],
  'src/methods/momo/components.tsx': ["import { TextField } from '../../components/TextField';", true],
  'src/methods/momo/checkout.ts': ["import type { FieldError } from '../../checkout/validation';", true],
  'src/methods/momo/steps/i18n.ts': ["import type { Lang } from '../../../i18n';", true],
  // …an allow-list: the registries beside the seam, another method, a folder added later are refused too.
  'src/methods/momo/views.ts': ["import { VIEWS } from '../views';", true],
  'src/methods/momo/registry.ts': ["import { METHODS } from '../index';", true],
  'src/methods/momo/steps/registry.ts': ["import { METHODS } from '../../index';", true],
  'src/methods/momo/other.ts': ["import { wave } from '../wave/method';", true],
  'src/methods/momo/later.ts': ["import { later } from '../../a-folder-added-later/later';", true],
  'src/methods/momo/kit.ts': ["import { findWallet } from '../kit';", false],
  'src/methods/momo/ui.tsx': ["import { TextField } from '../ui';", false],
  'src/methods/momo/steps/seam.ts': ["import type { StepFactory } from '../../steps';", false],
  'src/methods/momo/steps/register.ts': ["import { registerStep } from '../../register-step';", false],
  'src/methods/momo/steps/own.ts': ["import { APPROVALS } from '../approval';", false],
  'src/methods/momo/types.ts': ["import type { PaymentMethod } from '../types';", false],
  'src/methods/momo/own.ts': ["import { momo } from './method';", false],
};

let tree: string;
let refused: Map<string, string>;

beforeAll(async () => {
  tree = mkdtempSync(join(tmpdir(), 'momo-boundaries-'));
  copyFileSync(join(root, 'biome.json'), join(tree, 'biome.json'));
  for (const [path, [line]] of Object.entries(FIXTURES)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), `${line}\n`);
  }
  // The fixtures are not a git repository: the project's .gitignore has nothing to say there.
  const lint = await promisify(execFile)(
    biome,
    ['lint', '--vcs-enabled=false', '--reporter=github', '--max-diagnostics=none', '.'],
    { cwd: tree },
  ).catch((error: { stdout: string }) => error);
  refused = new Map();
  for (const [, rule, file, message] of lint.stdout.matchAll(/^::error title=([^,]+),file=([^,]+),.*?::(.*)$/gm)) {
    if (rule === 'lint/style/noRestrictedImports') refused.set(file!.slice(tree.length + 1), message!);
  }
}, 60_000);

afterAll(() => rmSync(tree, { recursive: true, force: true }));

describe('the architecture’s import rules, as the linter enforces them', () => {
  const cases = Object.entries(FIXTURES).map(([path, [line, isRefused]]) => [
    path,
    line,
    isRefused ? 'refused' : 'allowed',
  ]);
  it.each(cases)('%s: %s — %s', (path, _, verdict) => {
    expect(refused.has(path) ? 'refused' : 'allowed', refused.get(path)).toBe(verdict);
  });

  it('says why, naming the rule the import breaks', () => {
    expect(refused.get('src/components/CallsApi.tsx')).toMatch(/Components never call the API/);
    expect(refused.get('src/hosted/zod.ts')).toMatch(/never imports zod/);
    expect(refused.get('src/sandbox/test.ts')).toMatch(/what ships/i);
    expect(refused.get('src/methods/momo/phone.ts')).toMatch(/method seam/);
  });
});
