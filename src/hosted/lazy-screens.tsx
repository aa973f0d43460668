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

/** What a part of screens brings: its screens (by name), and its French messages. */
interface ScreensPart {
  messages: Partial<Catalogue>;
}

// Where the parts come from ('' this page's origin) and where the screens' styles go (none: the
// page's own stylesheet, as the part does by itself); a shell other than the hosted page says (screensFrom).
let base = '';
let rules: ((css: string) => void) | undefined;

/**
 * For a shell other than the hosted page (the widget): the parts are fetched from `from` (its parts'
 * origin), and `addRules` is given the screens' part's stylesheet, to put where its screens are shown.
 */
export function screensFrom(from: string, addRules: (css: string) => void): void {
  base = from;
  rules = addRules;
}

/** A part of screens as the page holds it (lazyPart). */
interface Lazy<Part> {
  /** The part, once it has arrived. */
  part: Part | null;
  /** Whether its last fetch failed (its stand-ins offer another). */
  failed: boolean;
  /** Fetches it once (again after a failure). */
  load(): Promise<Part>;
  /** The part once it has arrived, whoever fetched it (never rejected). */
  here: Promise<Part>;
  /** The stand-in of its screen `name` (./standIn). */
  screen(name: keyof Part & string): FunctionComponent<{ headingRef: Ref<HTMLHeadingElement> }>;
  /** The stand-ins shown, told when the fetch has ended. */
  waiting: Set<() => void>;
}

/**
 * A part of screens, `name`, fetched once (again after a failure) — `before` runs first: what the
 * part borrows is lent — whose French messages join the page's catalogue before any of its screens
 * is shown. The screens after the form (below), and the rarer screens that the screens' part
 * fetches in its turn (./outcomes.part.ts), borrowing this.
 */
export function lazyPart<Part extends ScreensPart>(name: string, before: () => void): Lazy<Part> {
  let loading: Promise<Part> | null = null;
  let arrived: (part: Part) => void;
  const lazy: Lazy<Part> = {
    part: null,
    failed: false,
    here: new Promise<Part>((resolve) => (arrived = resolve)),
    waiting: new Set(),
    load() {
      if (!loading) {
        lazy.failed = false;
        before();
        loading = loadPart<Part>(name, base);
        loading
          .then(
            (part) => {
              Object.assign(fr, part.messages);
              lazy.part = part;
              arrived(part);
            },
            () => {
              lazy.failed = true;
              loading = null;
            },
          )
          .then(() => {
            for (const update of lazy.waiting) update();
          });
      }
      return loading;
    },
    screen: (screen) => standIn(() => lazy as Lazy<unknown>, screen),
  };
  return lazy;
}

// The screens' part, made at its first use: the stand-ins are made as the bundle's modules run, some
// before this one has (an import circle through the checkout), so nothing of it is read until then.
let screens: Lazy<Screens> | undefined;
function screensPart(): Lazy<Screens> {
  if (!screens) screens = lazyPart<Screens>('screens', () => lend(rules));
  return screens;
}
/**
 * Fetches the screens' part once (again after a failure): what the stand-ins show, and the model's
 * sending half (the build puts this in src/checkout/sending.ts's place: scripts/vite/lazy-screens.ts).
 */
export function loadScreens(): Promise<Screens> {
  return screensPart().load();
}
/** The screens' part, once it has arrived, whoever fetched it: the model's following waits on it after a failed fetch. */
export function screensHere(): Promise<Screens> {
  return screensPart().here;
}
/** The stand-in for the screens' part's screen `name` (see standIn). */
export function lazyScreen(name: keyof Screens & string): FunctionComponent<{ headingRef: Ref<HTMLHeadingElement> }> {
  return standIn(screensPart, name);
}

/**
 * The stand-in for a part's screen `name`: that screen once the part is here. Also for a piece of
 * the form a part brings, which has no heading (`WalletNotices`, the notices of wallets not up:
 * src/methods/momo/health.tsx): nothing until then, and the form goes on without it.
 */
function standIn(of: () => Lazy<unknown>, name: string): FunctionComponent<{ headingRef: Ref<HTMLHeadingElement> }> {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen, as the page's script loads (the stand-ins' module), never under a mounted tree.
  return function Later(props) {
    const lazy = of();
    const { t } = useI18n();
    const [, update] = useState(0);
    // Whether the stand-in's heading had the focus as the screen arrived: the screen's own heading
    // then takes it, as it would have had the screen come up at once.
    const refocus = useRef(false);
    const heading = props.headingRef as RefObject<HTMLHeadingElement>;
    // What this render showed: the screen, or this stand-in.
    const shown = lazy.part;
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
      if (lazy.part) return listener();
      lazy.waiting.add(listener);
      lazy.load();
      return () => {
        lazy.waiting.delete(listener);
      };
    }, []);
    useEffect(() => {
      if (refocus.current && heading.current) heading.current.focus();
      refocus.current = false;
    });
    const part = lazy.part as Record<string, unknown> | null;
    if (part) {
      const Screen = part[name] as FunctionComponent<typeof props>;
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
        {lazy.failed ? (
          <p class="momo-notice" role="alert">
            {t('error.network')}{' '}
            <button
              type="button"
              class="momo-link"
              onClick={() => {
                lazy.load();
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
