// The unit tests' two Vitest projects, told apart by the line a file starts with:
//   node  every file that declares `// @vitest-environment node` (the sandbox, the server, the
//         client, the model: most of them). They run without isolation: the files a worker runs
//         share one module graph, so src/ is imported once per worker instead of once per file
//         (it halved the CPU time of npm run test:fast). Such a file must leave no module state
//         behind that another file could see (a stubbed global is unstubbed, a catalogue added
//         is one every file may have), and a helper module it imports registers no hook at its
//         top level (run once per worker, not once per file): it exports a function the test
//         file calls, as test/sandbox/support/state.ts's stateDirs() does.
//   dom   every other file, in jsdom, each with its modules of its own: the components, the
//         widget, and the tests of module state itself (test/i18n: which catalogues are loaded).
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/** Not unit tests: the browser's (vitest.browser.config.ts), the load tests (vitest.load.config.ts) and the package's (vitest.package.config.ts). */
const EXCLUDE = ['test/browser/**', 'test/**/*.browser.test.ts', 'test/**/*.load.test.ts', 'test/package/**'];
const NODE = /^\/\/ @vitest-environment node$/m;

/** The unit test files (paths from the root, with /) that declare the node environment in their first lines. */
export function nodeTestFiles(root: string): string[] {
  return readdirSync(join(root, 'test'), { recursive: true, encoding: 'utf8' })
    .map((path) => `test/${path.split(sep).join('/')}`)
    .filter(
      (path) => /\.test\.tsx?$/.test(path) && !/\.(?:browser|load)\.test\.ts$|^test\/(browser|package)\//.test(path),
    )
    .filter((path) => NODE.test(readFileSync(join(root, path), 'utf8').slice(0, 300)))
    .sort();
}

export function unitTestProjects(root: string): TestProjectInlineConfiguration[] {
  const node = nodeTestFiles(root);
  return [
    { extends: true, test: { name: 'node', include: node, environment: 'node', isolate: false } },
    {
      extends: true,
      test: { name: 'dom', include: ['test/**/*.test.{ts,tsx}'], exclude: [...EXCLUDE, ...node], environment: 'jsdom' },
    },
  ];
}
