/// <reference types="vite/client" />

/** Defined by vite.config.ts in each build: true in the widget's (see src/components/surface.ts). */
declare const __MOMO_WIDGET__: boolean | undefined;
/** True in the builds whose screens after the form are a part of their own: the page's, widget.js's (see src/components/surface.ts). */
declare const __MOMO_SCREENS_APART__: boolean | undefined;
/** True in the bundles a browser runs (vite.config.ts); undefined in the Node package and the tests. */
declare const __MOMO_BROWSER_BUILD__: boolean | undefined;
