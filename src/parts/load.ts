// The loader of the checkout's lazy parts: scripts of their own (dist/steps/<name>.js) that the page
// fetches only when it needs them — an approval step the service asks for (src/methods/<method>/steps/),
// the screens after the form (src/hosted/screens.part.ts), the widget's dialog and isolated frame,
// the frame's page code. It knows none of them: each caller names the part and says what it brings,
// so this module imports nothing of the checkout (no import circle through it).
import { PARTS_GLOBAL } from './register';

const loading: Record<string, Promise<unknown> | undefined> = {};

/**
 * A page that enforces Trusted Types (`require-trusted-types-for 'script'`) takes a script's address
 * only from a policy: the checkout's, `momo-checkout` (the name a merchant's `trusted-types`
 * directive allows), vouches for the addresses of its own parts alone. Made at the first part
 * (importing this module touches no `window`); where it cannot be made (no Trusted Types, or a
 * second copy of the checkout on the page), the address goes as text, as it always has.
 */
let policy: { createScriptURL(url: string): string } | null | undefined;
const scriptUrl = (url: string): string => {
  if (policy === undefined) {
    policy = null;
    try {
      // Throws where there are no Trusted Types, and where a policy of that name exists already.
      policy = (
        window as unknown as { trustedTypes: { createPolicy(name: string, rules: object): typeof policy } }
      ).trustedTypes.createPolicy('momo-checkout', {
        // Anything else gets no address: its load fails, as a missing part's does. A step's part
        // is named as the service names the step (`enter_otp`): letters and underscores.
        createScriptURL: (text: string) => (/\/steps\/[a-z_]+\.js$/.test(text) ? text : ''),
      });
    } catch {}
  }
  return policy ? policy.createScriptURL(url) : url;
};

/**
 * Loads the script of part `name` from the checkout's origin `base` ('' for this page's) once, and
 * answers what it brings (`T`: the caller says what that part is); a failed load is forgotten, so
 * that "try again" fetches it again.
 */
export function loadPart<T>(name: string, base: string): Promise<T> {
  let started = loading[name] as Promise<T> | undefined;
  if (!started) {
    started = new Promise<T>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = scriptUrl(`${base.replace(/\/+$/, '')}/steps/${name}.js`);
      script.async = true;
      script.onload = script.onerror = (event) => {
        script.remove();
        const parts = (window as unknown as Record<string, Record<string, unknown> | undefined>)[PARTS_GLOBAL];
        // `a && a[b]` rather than `a?.[b]`: cheaper once lowered to the engine floor.
        // biome-ignore lint/complexity/useOptionalChain: see above
        const part = parts && parts[name];
        if (part && typeof event !== 'string' && event.type === 'load') resolve(part as T);
        else reject(new Error(`momo-checkout: could not load ${script.src}`));
      };
      document.head.appendChild(script);
    });
    loading[name] = started;
    started.catch(() => delete loading[name]);
  }
  return started;
}
