// What every shipped script is held to (docs/integration.md, "Browsers"): Chrome and Android WebView 67, iOS
// Safari 12, Samsung Internet 9, Firefox 78 read ES2018 syntax, no later. Every minifier of a
// shipped script is held to it (Vite's target, terser's `ecma`): each would otherwise write `??`,
// `?.` or `||=` back. `npm run check:syntax` checks the built files.
export const ENGINE_FLOOR = 'es2018';

// Lowering `a?.b.c` reads `a` twice rather than through a temporary, as terser's pure_getters
// (./minify.ts) already assumes that reading a property has no effect: 44 bytes of widget.js.
export const LOWERING = { assumptions: { pureGetters: true } };

// An iife in strict mode, the directive inside its function: at the top of the file it would make
// strict whatever a merchant's asset pipeline concatenates after widget.js.
export const STRICT = { strict: false, intro: '"use strict";' } as const;

// The stylesheets' minifier (lightningcss) is held to the floor's engines too: held to later ones it
// merges rules into one selector list with a selector the floor does not know (`:focus-within,
// :focus-visible`, a list such an engine drops whole), writes four edges as `inset` (Chrome 87) and
// drops `-webkit-appearance`. What it would lower is left as written (LIGHTNINGCSS_EXCLUDE), and
// the sources are written for the floor by hand; `npm run check:syntax` checks the built CSS
// (scripts/check-css.ts).
export const CSS_TARGET = ['chrome67', 'edge79', 'firefox78', 'safari12', 'ios12'];

/** CSS_TARGET as lightningcss takes it (its browsers' names, each version as major << 16), for what Vite does not build. */
export const LIGHTNINGCSS_TARGETS = Object.fromEntries(
  CSS_TARGET.map((target) => {
    const [, name = '', major = '0'] = /^([a-z]+)(\d+)$/.exec(target) ?? [];
    return [name === 'ios' ? 'ios_saf' : name, Number(major) << 16];
  }),
);

// lightningcss's Features (its node/flags.js) it leaves as written rather than lowering for the floor:
// logical properties, each of which it would write out as a :lang() rule per right-to-left language
// (+9 KB of the page's HTML) for paddings an older engine merely ignores, where the layout needs
// none (the sources write physical ones, or the longhands Chrome 69 has, where it does);
// light-dark(), used nowhere, whose polyfill variables would be bytes for nothing; system-ui, which
// the font lists follow with their own fallbacks; and vendor prefixes, which the sources write where
// the floor needs them (-webkit-appearance).
const FEATURES = {
  FontFamilySystemUi: 1 << 16,
  VendorPrefixes: 1 << 18,
  LogicalProperties: 1 << 19,
  LightDark: 1 << 20,
};
export const LIGHTNINGCSS_EXCLUDE =
  FEATURES.FontFamilySystemUi | FEATURES.VendorPrefixes | FEATURES.LogicalProperties | FEATURES.LightDark;
