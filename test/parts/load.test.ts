// The loader of the checkout's lazy parts (src/parts/load.ts): one script per part, fetched once
// from the checkout's origin; a failed load forgotten, so that "try again" fetches it again; and,
// on a page that enforces Trusted Types, the address vouched for by the `momo-checkout` policy,
// which vouches for the parts' addresses and nothing else. jsdom runs no script it is given: here
// the part's script is played by registering what it brings when the loader appends it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerPart } from '../../src/parts/register';

type Load = typeof import('../../src/parts/load').loadPart;

/** A fresh loader (its cache and its policy are the module's), with scripts that load or fail as told. */
async function loader(answer: (src: string) => 'load' | 'error') {
  vi.resetModules();
  const { loadPart } = (await import('../../src/parts/load')) as { loadPart: Load };
  const appended: string[] = [];
  const append = document.head.appendChild.bind(document.head);
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    if (node instanceof HTMLScriptElement) {
      const src = node.getAttribute('src') ?? '';
      appended.push(src);
      const outcome = answer(src);
      if (outcome === 'load') registerPart(src.replace(/^.*\/steps\/|\.js$/g, ''), { from: src });
      queueMicrotask(() => node.dispatchEvent(new Event(outcome)));
    }
    return append(node);
  });
  return { loadPart, appended };
}

afterEach(() => {
  vi.restoreAllMocks();
  delete (window as { trustedTypes?: unknown }).trustedTypes;
});

describe('parts › the loader', () => {
  it('fetches a part once from the checkout’s origin, and answers what its script brings', async () => {
    const { loadPart, appended } = await loader(() => 'load');
    const [a, b] = await Promise.all([
      loadPart<{ from: string }>('enter_otp', 'https://checkout.example/'),
      loadPart<{ from: string }>('enter_otp', 'https://checkout.example/'),
    ]);
    expect(a).toBe(b);
    expect(a.from).toBe('https://checkout.example/steps/enter_otp.js');
    expect(appended).toEqual(['https://checkout.example/steps/enter_otp.js']);
    // The script element is gone once it has run.
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('forgets a failed load: the next asks fetch it again', async () => {
    let fail = true;
    const { loadPart, appended } = await loader(() => (fail ? 'error' : 'load'));
    await expect(loadPart('screens', '')).rejects.toThrow(/could not load \S*\/steps\/screens\.js/);
    fail = false;
    await expect(loadPart('screens', '')).resolves.toEqual({ from: '/steps/screens.js' });
    expect(appended).toEqual(['/steps/screens.js', '/steps/screens.js']);
  });

  it('under Trusted Types, takes the address from the momo-checkout policy, which vouches for parts alone', async () => {
    const policies: Record<string, { createScriptURL(url: string): string }> = {};
    (window as { trustedTypes?: unknown }).trustedTypes = {
      createPolicy: (name: string, rules: { createScriptURL(url: string): string }) => {
        if (policies[name]) throw new Error('exists');
        policies[name] = rules;
        return rules;
      },
    };
    const { loadPart, appended } = await loader(() => 'load');
    await loadPart('open_wallet', 'https://checkout.example');
    expect(Object.keys(policies)).toEqual(['momo-checkout']);
    const vouch = policies['momo-checkout']!.createScriptURL;
    expect(vouch('https://checkout.example/steps/open_wallet.js')).toBe(
      'https://checkout.example/steps/open_wallet.js',
    );
    for (const other of ['https://evil.example/x.js', 'https://checkout.example/steps/../x.js?', 'data:,alert(1)'])
      expect(vouch(other)).toBe('');
    expect(appended).toEqual(['https://checkout.example/steps/open_wallet.js']);
  });
});
