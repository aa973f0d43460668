// The end of `npm run build` (scripts/build.ts), after Vite has built the hosted page and the
// widget: what the package gives merchants besides the widget's files.
//   dist/index.{mjs,cjs}     the API client (`momo-checkout`), zod/mini bundled in
//   dist/react.{mjs,cjs}     the React component (`momo-checkout/react`); React and the widget stay imports
//   dist/fulfillment.{mjs,cjs}  fulfillment for merchants' servers (`momo-checkout/fulfillment`, Node only)
//   dist/bin/sandbox.mjs     `momo-checkout-sandbox`, with hono, its Node adapter and libphonenumber-js
//   dist/bin/server.mjs      `momo-checkout-server`, the checkout in production (no sandbox in it)
//   dist/*.d.{mts,cts}       one bundled declaration file per entry and module kind
//   dist/openapi.json        the OpenAPI 3.1 document of the service and the sandbox's extensions (scripts/openapi.ts)
// So an install pulls in no runtime dependency, and the declarations import nothing but `react` and
// `momo-checkout/widget`: they hold under every moduleResolution, with skipLibCheck off.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type RolldownOptions, rolldown } from 'rolldown';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';
import { REPO_ROOT } from '../src/server/paths';
import { writeOpenApi } from './openapi';
import { emitDeclarations } from './package-types';

const DIST = join(REPO_ROOT, 'dist');

/** Sends the React entry's imports of ../widget (src/widget) to `momo-checkout/widget`, so a page has one copy of it. */
const widgetAsPackage = (root: string) => ({
  name: 'momo-widget-as-package',
  resolveId(source: string, importer: string | undefined) {
    if (!importer || !source.startsWith('.')) return null;
    const target = resolve(importer, '..', source);
    return target === join(root, 'src/widget') || target.startsWith(join(root, 'src/widget/'))
      ? { id: 'momo-checkout/widget', external: true as const }
      : null;
  },
});

/** Sends fulfillment's imports of ../api (the client's entry) to `momo-checkout`: one client, one ApiError. */
const apiAsPackage = (root: string) => ({
  name: 'momo-api-as-package',
  resolveId(source: string, importer: string | undefined) {
    if (!importer || !source.startsWith('.')) return null;
    const target = resolve(importer, '..', source);
    if (target.startsWith(join(root, 'src/api/')))
      throw new Error(`${importer} imports ${source}: fulfillment takes the client from its entry (../api) only.`);
    return target === join(root, 'src/api') ? { id: 'momo-checkout', external: true as const } : null;
  },
});

/**
 * Builds the package's JavaScript into dist/: every entry, or those whose input is in `inputs` (the
 * load-balancer test rebuilds `src/bin/server.ts` alone: the browser tests' build empties dist/).
 */
export async function buildJs(inputs?: readonly string[]): Promise<void> {
  const entries: {
    input: string;
    outputs: { file: string; format: 'esm' | 'cjs' }[];
    options?: RolldownOptions;
    banner?: string;
  }[] = [
    {
      input: 'src/api/index.ts',
      outputs: [
        { file: 'index.mjs', format: 'esm' },
        { file: 'index.cjs', format: 'cjs' },
      ],
      // fetch, AbortController and URL only: the client also runs in Deno, Bun and workers. The
      // webhook verifier's library (standardwebhooks) names its CommonJS file in "main" only,
      // which the neutral platform does not read unless told.
      options: { platform: 'neutral', resolve: { mainFields: ['module', 'main'] } },
    },
    {
      input: 'src/react/index.ts',
      outputs: [
        { file: 'react.mjs', format: 'esm' },
        { file: 'react.cjs', format: 'cjs' },
      ],
      // Run in a merchant's page, maybe bundled as it is: lowered to the engine floor, as the widget
      // (scripts/vite/engine-floor.ts), and checked by `npm run check:syntax`.
      options: {
        platform: 'neutral',
        external: ['react'],
        plugins: [widgetAsPackage(REPO_ROOT)],
        transform: { target: 'es2018' },
      },
      // Hooks: frameworks with React Server Components (Next.js) need the module marked as client code.
      banner: "'use client';",
    },
    {
      input: 'src/fulfillment/index.ts',
      outputs: [
        { file: 'fulfillment.mjs', format: 'esm' },
        { file: 'fulfillment.cjs', format: 'cjs' },
      ],
      // A server's: node:fs and node:crypto. Its database driver is the merchant's (passed in).
      options: { platform: 'node', plugins: [apiAsPackage(REPO_ROOT)] },
    },
    {
      input: 'src/bin/sandbox.ts',
      outputs: [{ file: 'bin/sandbox.mjs', format: 'esm' }],
      options: { platform: 'node' },
    },
    {
      // The production server: the checkout without the sandbox, which it must not carry.
      input: 'src/bin/server.ts',
      outputs: [{ file: 'bin/server.mjs', format: 'esm' }],
      options: { platform: 'node' },
    },
  ];
  const builds = inputs ? entries.filter(({ input }) => inputs.includes(input)) : entries;
  if (builds.length !== (inputs ?? entries).length)
    throw new RangeError(`buildJs: no entry for one of ${inputs?.join(', ')}`);
  for (const { input, outputs, options, banner } of builds) {
    const bundle = await rolldown({
      input: join(REPO_ROOT, input),
      cwd: REPO_ROOT,
      tsconfig: join(REPO_ROOT, 'tsconfig.json'),
      ...options,
    });
    for (const { file, format } of outputs) await bundle.write({ file: join(DIST, file), format, banner });
    await bundle.close();
  }
}

/** Imports a declaration file may keep: anything else would be a package a merchant does not have. */
const ALLOWED_IMPORTS = new Set(['react', 'momo-checkout/widget', 'momo-checkout']);

async function buildTypes(): Promise<void> {
  const out = await mkdtemp(join(tmpdir(), 'momo-types-'));
  try {
    await emitDeclarations(REPO_ROOT, out, [
      'src/api/index.ts',
      'src/widget/index.ts',
      'src/widget/global.ts',
      'src/react/index.ts',
    ]);
    // Fulfillment's code uses Node's modules; its declarations must still name none of Node's types
    // (checked below like every entry's imports), so that they hold without @types/node.
    await emitDeclarations(REPO_ROOT, out, ['src/fulfillment/index.ts'], ['node']);
    const entries = [
      { input: 'src/api/index.d.ts', name: 'index' },
      { input: 'src/widget/index.d.ts', name: 'widget' },
      { input: 'src/widget/global.d.ts', name: 'widget.global' },
      { input: 'src/react/index.d.ts', name: 'react' },
      { input: 'src/fulfillment/index.d.ts', name: 'fulfillment' },
    ];
    for (const { input, name } of entries) {
      // zod/mini: imported by modules whose zod-typed parts no entry exports (checked below).
      const plugins =
        name === 'react'
          ? [widgetAsPackage(out), dts()]
          : name === 'fulfillment'
            ? [apiAsPackage(out), dts()]
            : [dts()];
      const bundle = await rollup({
        input: join(out, input),
        external: ['react', 'zod/mini', 'momo-checkout'],
        plugins,
      });
      const { output } = await bundle.generate({ format: 'es' });
      await bundle.close();
      const code = output[0].code;
      const imports = [...code.matchAll(/\bfrom\s+['"]([^'"]+)['"]|\bimport\s+['"]([^'"]+)['"]/g)].map(
        (m) => m[1] ?? m[2],
      );
      const stray = imports.filter((source) => !ALLOWED_IMPORTS.has(source as string));
      if (stray.length)
        throw new Error(`${name}.d.ts would import ${stray.join(', ')}, which merchants do not install.`);
      // The same declarations serve both module kinds: they describe one API, and import only
      // packages whose own exports resolve per kind. widget.js is a script, so one file; its
      // globals are declared again, identically, which TypeScript accepts when both are loaded.
      if (name === 'widget.global') {
        await writeFile(join(DIST, 'widget.global.d.ts'), code);
      } else {
        await writeFile(join(DIST, `${name}.d.mts`), code);
        await writeFile(join(DIST, `${name}.d.cts`), code);
      }
    }
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

// widget.js is a classic script: no import, no export, valid as CommonJS. Said so for Node and
// TypeScript (every other file in dist/ names its module kind by its extension), so that
// `require('momo-checkout/widget.js')` in a bundler resolves as well as `import`.
const SCRIPT_SCOPE = { type: 'commonjs', private: true };

/** Builds into dist/ what the package ships besides the bundles (which are in dist/ already). */
export async function buildPackage(): Promise<void> {
  await buildJs();
  await buildTypes();
  await writeOpenApi(join(DIST, 'openapi.json'));
  await writeFile(join(DIST, 'package.json'), `${JSON.stringify(SCRIPT_SCOPE, null, 2)}\n`);
}
