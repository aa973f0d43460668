// Steps a payment method asks of the payer after the confirm, beyond the push: typing a one-time
// code, opening the wallet's app (and, on a computer, its QR code). Each is a script of its own
// (dist/steps/<name>.js, built from src/methods/<method>/steps/), fetched only when the service
// asks for that step — as the languages are — so widget.js and the hosted page carry none of them.
// A step's script brings its component and its messages; the page lends it Preact and the helpers
// it shares (StepLib, ./step-lib.ts), so both render with one Preact.
import type { FunctionComponent } from 'preact';
import type { CheckoutModel } from '../checkout/model';
import type { Attempt } from '../checkout/screens';
import type { Lang } from '../i18n';
import { STEPS_GLOBAL } from './register-step';
import type { StepLib } from './step-lib';

export type { StepLib };

export interface StepProps {
  model: CheckoutModel;
  attempt: Attempt;
  lang: Lang;
  /** The amount as the payer reads it ("5 000 F CFA"). */
  amount: string;
  /** The wallet's name ("Orange Money"). */
  wallet: string;
  /** Where the checkout's files are ('' for this page's origin): a step loads its parts from there. */
  base: string;
}

export type StepFactory = (lib: StepLib) => FunctionComponent<StepProps>;

/** A QR code's modules: `get(x, y)` is true for a dark one. */
export interface QrCode {
  size: number;
  get(x: number, y: number): boolean;
}

/** What each script brings, by its name. */
export interface Parts {
  otp: StepFactory;
  app: StepFactory;
  qr: (text: string) => QrCode;
  /** The isolated frame's page code (src/hosted/embed.ts): it waits for its parent's word. */
  embed: typeof import('../hosted/embed').startEmbed;
  /** The widget's isolated mode (widget/frame.ts). */
  frame: typeof import('../../widget/frame').attachFrame;
  /** The widget's dialog (widget/modal.ts), made with what the widget lends it. */
  dialog: typeof import('../../widget/modal').makeDialog;
  /** The hosted page's screens after the form (src/hosted/screens.part.ts), with their French messages. */
  screens: typeof import('../components/screens') & { messages: Partial<import('../i18n').Catalogue> };
}

const loading: { [N in keyof Parts]?: Promise<Parts[N]> } = {};

/**
 * Loads the script of part `name` from the checkout's origin `base` ('' for this page's) once; a
 * failed load is forgotten, so that "try again" fetches it again.
 */
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
        // Anything else gets no address: its load fails, as a missing part's does.
        createScriptURL: (text: string) => (/\/steps\/[a-z]+\.js$/.test(text) ? text : ''),
      });
    } catch {}
  }
  return policy ? policy.createScriptURL(url) : url;
};

export function loadPart<N extends keyof Parts>(name: N, base: string): Promise<Parts[N]> {
  let started = loading[name] as Promise<Parts[N]> | undefined;
  if (!started) {
    started = new Promise<Parts[N]>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = scriptUrl(`${base.replace(/\/+$/, '')}/steps/${name}.js`);
      script.async = true;
      script.onload = script.onerror = (event) => {
        script.remove();
        const part = ((window as unknown as Record<string, Partial<Parts> | undefined>)[STEPS_GLOBAL] || {})[name];
        if (part && typeof event !== 'string' && event.type === 'load') resolve(part as Parts[N]);
        else reject(new Error(`momo-checkout: could not load ${script.src}`));
      };
      document.head.appendChild(script);
    });
    loading[name] = started as never;
    started.catch(() => delete loading[name]);
  }
  return started;
}
