// Run after the Vite build of the hosted page (its plugin calls it: scripts/vite/hosted-page.ts): writes into the
// built index.html the checkout's first screen — the form a payer types in while the intent is
// read — so the page paints it with its HTML instead of after its script (the script then hydrates
// that markup: src/hosted/main.tsx), and the stylesheet inline, so no request holds the first paint.
// French in index.html, English in index.en.html (the server picks by ?lang= and Accept-Language);
// the markup is rendered by the very components the page runs, with the model's first state.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { render } from 'preact';
import { en } from '../src/i18n/en';

const CATALOGUES = { en };

/** The languages prerendered, and the file each goes to. */
export const PRERENDERED = { fr: 'index.html', en: 'index.en.html' } as const;

/** The loading screen's markup in `lang`, as the page's first render makes it. */
async function firstScreen(lang: keyof typeof PRERENDERED): Promise<string> {
  // jsdom (the tests' DOM) ships no types; this is all of it used here.
  const { JSDOM } = (await import('jsdom' as string)) as {
    JSDOM: new (html: string, options: { url: string }) => { window: Window & typeof globalThis };
  };
  const { window } = new JSDOM('<!doctype html><main id="app"></main>', {
    url: 'https://checkout.invalid/pay/pi_prerender',
  });
  const globals = globalThis as unknown as Record<string, unknown>;
  const saved = ['window', 'document', 'navigator'].map((name) => [name, globals[name]] as const);
  Object.assign(globals, { window, document: window.document, navigator: window.navigator });
  try {
    // Imported once the DOM globals exist, as in a browser.
    const [{ createCheckout }, { Checkout }, { addCatalogue }, { en }] = await Promise.all([
      import('../src/checkout/model'),
      import('../src/components/Checkout'),
      import('../src/i18n'),
      import('../src/i18n/en'),
    ]);
    addCatalogue('en', en);
    // The state the page starts in: no secret read, no default country, nothing loaded.
    const model = createCheckout({ api: { baseUrl: 'https://checkout.invalid' }, clientSecret: '', page: null });
    const root = window.document.getElementById('app')!;
    render(<Checkout model={model} lang={lang} onLangChange={() => {}} logo />, root);
    // A select's value is a property, which markup does not carry: its option says it instead.
    for (const select of root.querySelectorAll('select'))
      select.options[select.selectedIndex]?.setAttribute('selected', '');
    // Pay, enabled as the HTML has it: without a script (an engine without one, or one that runs
    // none), the form posts to the page's own path, which answers with the plain form, the amount
    // on it (src/server/plain-payment.ts); index.html's inline script disables it once the page is
    // parsed, until the script has read what is due (the first render's own state).
    const pay = root.querySelector('form button.momo-pay[type="submit"][disabled]');
    if (!pay) throw new Error('prerender: the first screen has no disabled Pay button to enable');
    pay.removeAttribute('disabled');
    pay.removeAttribute('aria-disabled');
    const markup = root.innerHTML;
    render(null, root);
    model.dispose();
    return markup;
  } finally {
    for (const [name, value] of saved) globals[name] = value;
  }
}

/**
 * The page's stylesheet as its HTML carries it: each `var(--momo-…, fallback)` as its fallback (the
 * --momo-* properties theme the widget, from the merchant's page; nothing sets them on the hosted
 * page, or in the frame of its isolated mode, which is another document), and no build marker.
 */
export function pageCss(css: string): string {
  return css
    .replace(/var\(--momo-[\w-]+,\s*([^()]*?)\)/g, '$1')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .trim();
}

/** Rewrites `dir`'s index.html into its prerendered languages. */
export async function prerender(dir: string): Promise<void> {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const link = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/.exec(html);
  if (!link) throw new Error('prerender: index.html links no stylesheet to inline');
  const css = pageCss(readFileSync(join(dir, link[1]!), 'utf8'));
  const placeholder = /<div class="momo momo-boot">[\s\S]*?<\/div>/;
  if (!placeholder.test(html)) throw new Error('prerender: index.html has no placeholder to replace');
  for (const [lang, file] of Object.entries(PRERENDERED) as [keyof typeof PRERENDERED, string][]) {
    const page = html
      .replace(link[0], () => `<style>${css}</style>`)
      .replace('<html lang="fr">', `<html lang="${lang}">`)
      .replace('<main id="app" class="momo-page">', `<main id="app" class="momo-page" data-prerendered="${lang}">`)
      .replace(placeholder, await firstScreen(lang))
      // A first screen in a language the script does not carry brings its catalogue (src/hosted/main.tsx reads it).
      .replace('</main>', () =>
        lang === 'fr'
          ? '</main>'
          : `</main><script type="application/json" id="momo-catalogue">${JSON.stringify(CATALOGUES[lang]).replace(/</g, '\\u003c')}</script>`,
      );
    writeFileSync(join(dir, file), page);
  }
  // Inlined in every page that linked it: nothing serves or packs it any more.
  rmSync(join(dir, link[1]!));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await prerender(process.argv[2] ?? 'dist');
}
