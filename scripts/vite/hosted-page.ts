// The hosted page's HTML as built (index.html): its script a classic script, its first screen
// prerendered.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { minify } from 'terser';
import type { Plugin } from 'vite';
import { REPO_ROOT } from '../../src/server/paths.js';

// The hosted page's HTML as built: its script a classic script (the page build's format is iife),
// preloaded by index.html's inline script once the page's response has ended, and run by it once
// the first screen is painted (see there);
// its comments out and its inline script minified, as every payer downloads them. Classic, not a
// module, so that what runs is seen as its file's run: Chrome's trace names a classic script's run
// after its file, not a module's, and Lighthouse's model then counts any module loaded before the
// first paint as holding that paint up. (The server allows the inline script by the hash of what
// it serves: see src/server/security.ts.)
export const builtPageHtml: Plugin = {
  name: 'momo-built-page-html',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    async handler(html) {
      const tag = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
      if (!tag.test(html)) throw new Error('momo-built-page-html: the built page has no script to preload');
      // Not preloaded from the head: asked for while the page is still arriving, the script would
      // open a new connection (HTTP/1.1: one request at a time on each; a round trip more, 0.8 s on
      // 2G) instead of taking the page's. The inline script preloads the one the meta names once
      // the page's response has ended (docs/performance.md); the preload at the end of the body is
      // for an engine without navigation timing.
      const href = tag.exec(html)![1]!;
      if (!html.includes('</main>'))
        throw new Error('momo-built-page-html: the built page has no </main> to preload its script after');
      let page = html
        .replace(tag, () => `<meta name="momo-script" content="${href}">`)
        .replace('</main>', () => `</main><link rel="preload" as="script" href="${href}">`)
        .replace(/\s*<!--[\s\S]*?-->/g, '')
        // The source's indentation between tags (not inside a script): nothing a payer sees.
        .replace(/(<script>[\s\S]*?<\/script>)|>\s+</g, (_gap, script?: string) => script ?? '><');
      for (const [whole, code] of page.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
        const { code: minified } = await minify(code!, {
          ecma: 5,
          compress: { passes: 2 },
          format: { comments: false },
        });
        if (minified === undefined) throw new Error('momo-built-page-html: the inline script did not minify');
        page = page.replace(whole, () => `<script>${minified}</script>`);
      }
      return page;
    },
  },
};

// The hosted page's first screen, prerendered into the built index.html (scripts/prerender.tsx,
// run by tsx: it renders the page's own components, which Vite's config cannot import).
export const prerendered = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'momo-prerender',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const tsx = createRequire(import.meta.url).resolve('tsx/cli');
      execFileSync(process.execPath, [tsx, 'scripts/prerender.tsx', outDir], { cwd: REPO_ROOT, stdio: 'inherit' });
    },
  };
};
