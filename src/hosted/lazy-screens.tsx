// The screens after the form as the hosted page's and widget.js's builds have them: stand-ins
// (scripts/vite/lazy-parts.ts puts them in src/components/screens.ts's place) for the screens of the
// part dist/steps/screens.js (./screens.part.ts), which brings the screens, their styles and their
// French messages. The part is fetched at the payer's first touch of the form (./main.tsx; the
// widget's: src/widget/instance.tsx), seconds before they can press Pay, or as a stand-in is shown (a
// reload while the payment waits). Until it has arrived a stand-in shows that it is on its way (or a
// way to fetch it again); the payment goes on meanwhile.
import type { FunctionComponent, Ref, RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useI18n } from '../components/i18n';
import { Spinner } from '../components/Spinner';
import { fr } from '../i18n/fr';
import type { Catalogue } from '../i18n';
import { loadPart } from '../parts/load';
import { lend } from './lent';

/** What the part brings (./screens.part.ts): the screens, with their French messages, and the model's sending half. */
type Screens = typeof import('../components/screens') & {
  WalletNotices: typeof import('../methods/momo/health').WalletNotices;
  messages: Partial<Catalogue>;
  createSending: typeof import('../checkout/send').createSending;
  createFollowing: typeof import('../checkout/following').createFollowing;
};
type Name = 'Pending' | 'Receipt' | 'Failed' | 'Unknown' | 'Canceled' | 'AttemptError' | 'WalletNotices' | 'HandOff';

let screens: Screens | null = null;
let state: 'loading' | 'failed' | null = null;
let loading: Promise<Screens> | null = null;
const waiting = new Set<() => void>();
let here: (part: Screens) => void;
/** The part, once it has arrived, whoever fetched it (never rejected): the model's following waits on it after a failed fetch. */
export const screensHere = new Promise<Screens>((resolve) => (here = resolve));
// Where the part comes from ('' this page's origin) and where its styles go (none: the page's own
// stylesheet, as the part does by itself); a shell other than the hosted page says (screensFrom).
let base = '';
let rules: ((css: string) => void) | undefined;

/**
 * For a shell other than the hosted page (the widget): the part is fetched from `from` (its parts'
 * origin), and `addRules` is given the part's stylesheet, to put where its screens are shown.
 */
export function screensFrom(from: string, addRules: (css: string) => void): void {
  base = from;
  rules = addRules;
}

/**
 * Fetches the screens' part once (again after a failure): what the stand-ins show, and the model's
 * sending half (the build puts this in src/checkout/sending.ts's place: scripts/vite/lazy-screens.ts).
 */
export function loadScreens(): Promise<Screens> {
  if (!loading) {
    state = 'loading';
    lend(rules);
    loading = loadPart<Screens>('screens', base);
    // First: its French messages join the page's catalogue before any of its screens is shown.
    loading
      .then(
        (part) => {
          Object.assign(fr, part.messages);
          screens = part;
          here(part);
        },
        () => {
          state = 'failed';
          loading = null;
        },
      )
      .then(() => {
        for (const update of waiting) update();
      });
  }
  return loading;
}

/**
 * The stand-in for the part's screen `name`: that screen once the part is here. Also for a piece of
 * the form the part brings, which has no heading (`WalletNotices`, the notices of wallets not up:
 * src/methods/momo/health.tsx): nothing until then, and the form goes on without it.
 */
export function lazyScreen(name: Name): FunctionComponent<{ headingRef: Ref<HTMLHeadingElement> }> {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen, as the page's script loads (the stand-ins' module), never under a mounted tree.
  return function Later(props) {
    const { t } = useI18n();
    const [, update] = useState(0);
    // Whether the stand-in's heading had the focus as the screen arrived: the screen's own heading
    // then takes it, as it would have had the screen come up at once.
    const refocus = useRef(false);
    const heading = props.headingRef as RefObject<HTMLHeadingElement>;
    // What this render showed: the screen, or this stand-in.
    const shown = screens;
    // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the stand-in is shown; the heading's ref (one object for the checkout's life) is read when the part arrives, not followed.
    useEffect(() => {
      if (shown) return;
      const listener = () => {
        // (In its root: the widget's heading is in a shadow root, where the document sees its host.)
        // The stand-in's own heading: it is on screen while it waits.
        const current = heading && (heading.current as HTMLHeadingElement);
        refocus.current = !!current && (current.getRootNode() as Document).activeElement === current;
        update((n) => n + 1);
      };
      // The part came between this stand-in's render and now (the effect runs after a paint): at once.
      if (screens) return listener();
      waiting.add(listener);
      loadScreens();
      return () => {
        waiting.delete(listener);
      };
    }, []);
    useEffect(() => {
      if (refocus.current && heading.current) heading.current.focus();
      refocus.current = false;
    });
    if (screens) {
      const Screen = screens[name] as FunctionComponent<typeof props>;
      return <Screen {...props} />;
    }
    // A piece of the form (no heading): nothing while it comes.
    if (!heading) return null;
    return (
      // momo-standin: the screen is on its way (what waits for the real one, a test, can tell).
      <section class="momo-screen momo-standin">
        <h2 tabIndex={-1} ref={props.headingRef}>
          {t('loading')}
        </h2>
        {state === 'failed' ? (
          <p class="momo-notice" role="alert">
            {t('error.network')}{' '}
            <button
              type="button"
              class="momo-link"
              onClick={() => {
                loadScreens();
                update((n) => n + 1);
              }}
            >
              {t('error.retry')}
            </button>
          </p>
        ) : (
          <Spinner />
        )}
      </section>
    );
  };
}
