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

// The stylesheets are not lowered with the scripts: lowering them to the floor writes every logical
// property (`padding-inline`) out as a :lang() rule per right-to-left language, +9 KB of the page's
// HTML, for paddings an older engine merely ignores. What the layout needs is written for the floor
// by hand (no :has() or :where() in src/components/checkout.css). Each build's as it was before.
export const CSS_TARGET = { page: 'es2020', widget: 'es2022' } as const;
