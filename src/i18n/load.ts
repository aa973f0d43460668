// Languages loaded only when chosen: Arabic, Spanish and Portuguese are not in widget.js nor in the
// hosted page's first load. Each is a small JSON file the build emits from its catalogue
// (vite.config.ts) and the checkout's server serves at /i18n/<lang>.json. Until it has arrived the
// checkout keeps the language it shows; if it never arrives, it stays there, without a word.
import { addCatalogue, isLoaded, type Lang } from './index';

type Fetch = (request: Request) => Promise<Response>;

const loading = new Map<Lang, Promise<boolean>>();

/** The address of `lang`'s catalogue at the checkout's origin `base` ('' for this page's). */
export const catalogueUrl = (base: string, lang: Lang) => `${base.replace(/\/+$/, '')}/i18n/${lang}.json`;

/** Fetches `lang`'s catalogue once (one request at a time; a failed one may be tried again later); true once it can be shown. */
export function loadLang(lang: Lang, base: string, fetcher: Fetch = (request) => fetch(request)): Promise<boolean> {
  if (isLoaded(lang)) return Promise.resolve(true);
  let started = loading.get(lang);
  if (!started) {
    const request = new Request(new URL(catalogueUrl(base, lang), location.href), {
      headers: { Accept: 'application/json' },
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
    started = fetcher(request)
      .then((res) => (res.ok ? res.json() : null))
      .then((data: unknown) => addCatalogue(lang, data))
      .catch(() => false)
      .then((ok) => {
        if (!ok) loading.delete(lang);
        return ok;
      });
    loading.set(lang, started);
  }
  return started;
}

/**
 * A way to change language: a loaded one is shown at once; another once its catalogue has arrived,
 * if it is still the last one chosen by then. Resolves to whether `lang` is shown.
 */
export function langSwitcher(
  base: string,
  show: (lang: Lang) => void,
  fetcher?: Fetch,
): (lang: Lang) => Promise<boolean> {
  let latest = 0;
  return (lang) => {
    const ticket = ++latest;
    if (isLoaded(lang)) {
      show(lang);
      return Promise.resolve(true);
    }
    return loadLang(lang, base, fetcher).then((ok) => {
      if (!ok || ticket !== latest) return false;
      show(lang);
      return true;
    });
  };
}
