// The one way to build: `npm run build`, `npm start`, the browser tests' setup and the bench all
// come here.
//   tsx scripts/build.ts                 every bundle into dist/, then the package (npm run build)
//   tsx scripts/build.ts bundles         the bundles only: what `npm start` and the browser tests serve
//     --only page,widget,widget-esm      some of them (default: all three)
//     --out DIR                          elsewhere than dist/ (the bench)
//     --sourcemap hidden                 with .map files beside the scripts (the bench's byte attribution)
//     --log-level warn                   Vite's (default info)
// The bundles, one Vite build each (vite.config.ts says how, by mode):
//   page        the hosted checkout page (index.html, assets/, i18n/); first, as it empties the folder
//   widget      widget.js, the script tag's (with steps/ and i18n/)
//   widget-esm  widget.mjs and widget.cjs, the module merchants bundle
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { REPO_ROOT } from '../src/server/paths';

const BUNDLES = { page: 'production', widget: 'widget', 'widget-esm': 'widget-esm' } as const;
type Bundle = keyof typeof BUNDLES;

interface BuildOptions {
  bundles?: readonly Bundle[];
  /** Default: dist/ (vite.config.ts). */
  outDir?: string | undefined;
  sourcemap?: 'hidden' | undefined;
  logLevel?: 'info' | 'warn' | 'error' | 'silent';
}

/** Builds `bundles` in their order (page first: it starts the folder afresh). */
async function buildBundles({
  bundles = Object.keys(BUNDLES) as Bundle[],
  outDir,
  sourcemap,
  logLevel = 'info',
}: BuildOptions = {}): Promise<void> {
  // What ships is a production build whoever runs this: a parent under a test runner must not leak
  // NODE_ENV=test into Vite, which would make development bundles (JSX with source locations,
  // Preact's devtools hook). Set before Vite is loaded.
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  for (const bundle of (Object.keys(BUNDLES) as Bundle[]).filter((name) => bundles.includes(name))) {
    await build({
      root: REPO_ROOT,
      configFile: join(REPO_ROOT, 'vite.config.ts'),
      mode: BUNDLES[bundle],
      logLevel,
      build: { ...(outDir === undefined ? {} : { outDir }), ...(sourcemap === undefined ? {} : { sourcemap }) },
    });
  }
}

async function main(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      only: { type: 'string' },
      out: { type: 'string' },
      sourcemap: { type: 'string' },
      'log-level': { type: 'string' },
    },
  });
  const [what = 'all', ...extra] = positionals;
  if ((what !== 'all' && what !== 'bundles') || extra.length > 0)
    throw new RangeError(`build what? "all" (the default) or "bundles", not "${positionals.join(' ')}".`);
  const bundles = values.only?.split(',') ?? (Object.keys(BUNDLES) as Bundle[]);
  const unknown = bundles.filter((name) => !Object.hasOwn(BUNDLES, name));
  if (unknown.length > 0)
    throw new RangeError(`--only takes ${Object.keys(BUNDLES).join(', ')}; not ${unknown.join(', ')}.`);
  if (values.sourcemap !== undefined && values.sourcemap !== 'hidden')
    throw new RangeError('--sourcemap takes hidden only.');
  const logLevel = values['log-level'] ?? 'info';
  if (!['info', 'warn', 'error', 'silent'].includes(logLevel))
    throw new RangeError(`--log-level takes info, warn, error or silent; not ${logLevel}.`);
  // The package's files are built beside every bundle in dist/: a part of them, or elsewhere, is no package.
  if (what === 'all' && (values.only !== undefined || values.out !== undefined))
    throw new RangeError('--only and --out build bundles only: scripts/build.ts bundles …');

  await buildBundles({
    bundles: bundles as Bundle[],
    outDir: values.out,
    sourcemap: values.sourcemap as 'hidden' | undefined,
    logLevel: logLevel as BuildOptions['logLevel'],
  });
  if (what === 'all') {
    const { buildPackage } = await import('./build-package');
    await buildPackage();
  }
}

await main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`build: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
