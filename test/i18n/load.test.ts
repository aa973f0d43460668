// Languages loaded only when chosen: fetched once from the checkout's origin, shown only once they
// have arrived (the language on screen stays until then), and a failure changes nothing on screen.
import { describe, expect, it, vi } from 'vitest';
import { isLoaded, type Lang, translator } from '../../src/i18n';
import { ar } from '../../src/i18n/ar';
import { es } from '../../src/i18n/es';
import { pt } from '../../src/i18n/pt';
import { catalogueUrl, langSwitcher, loadLang } from '../../src/i18n/load';

/** A fetch that answers when told: `answer(i, response)` settles the i-th request. */
function heldFetch() {
  const requests: Request[] = [];
  const held: ((res: Response | Error) => void)[] = [];
  const fetcher = vi.fn((request: Request) => {
    requests.push(request);
    return new Promise<Response>((resolve, reject) =>
      held.push((res) => (res instanceof Error ? reject(res) : resolve(res))),
    );
  });
  return { fetcher, requests, answer: (i: number, res: Response | Error) => held[i]!(res) };
}

describe('i18n › loading a language', () => {
  it('asks the checkout’s origin for /i18n/<lang>.json', () => {
    expect(catalogueUrl('https://checkout.example/', 'ar')).toBe('https://checkout.example/i18n/ar.json');
    expect(catalogueUrl('', 'es')).toBe('/i18n/es.json');
  });

  it('keeps the language shown until the chosen one has arrived, fetching it once', async () => {
    const shown: Lang[] = [];
    const { fetcher, requests, answer } = heldFetch();
    const choose = langSwitcher('https://checkout.example', (lang) => shown.push(lang), fetcher);
    const first = choose('ar');
    const second = choose('ar');
    expect(shown).toEqual([]);
    expect(translator('ar')('form.heading')).not.toBe(ar['form.heading']);
    expect(requests.map((r) => [r.url, r.credentials])).toEqual([['https://checkout.example/i18n/ar.json', 'omit']]);
    answer(0, Response.json(ar));
    expect(await Promise.all([first, second])).toEqual([false, true]);
    expect(shown).toEqual(['ar']);
    expect(translator('ar')('form.heading')).toBe(ar['form.heading']);
    // Loaded: shown at once from now on, without another request.
    await choose('fr');
    await choose('ar');
    expect(shown).toEqual(['ar', 'fr', 'ar']);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('shows the last language chosen: one that arrives after the payer chose another is not shown', async () => {
    const shown: Lang[] = [];
    const { fetcher, answer } = heldFetch();
    const choose = langSwitcher('', (lang) => shown.push(lang), fetcher);
    const es_ = choose('es');
    await choose('en');
    answer(0, Response.json(es));
    expect(await es_).toBe(false);
    expect(shown).toEqual(['en']);
    expect(isLoaded('es')).toBe(true);
  });

  it('says nothing and changes nothing when the catalogue cannot be had, and may try again later', async () => {
    const shown: Lang[] = [];
    const { fetcher, answer } = heldFetch();
    const choose = langSwitcher('', (lang) => shown.push(lang), fetcher);
    for (const [i, failure] of [
      new TypeError('offline'),
      new Response('gone', { status: 404 }),
      Response.json({ 'form.pay': 'Pagar' }),
      new Response('<html>', { status: 200 }),
    ].entries()) {
      const choice = choose('pt');
      answer(i, failure);
      expect(await choice).toBe(false);
    }
    expect(shown).toEqual([]);
    expect(isLoaded('pt')).toBe(false);
    const choice = loadLang('pt', '', fetcher);
    answer(4, Response.json(pt));
    expect(await choice).toBe(true);
    expect(fetcher).toHaveBeenCalledTimes(5);
  });
});
