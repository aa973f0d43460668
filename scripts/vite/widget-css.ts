// The checkout's stylesheet as widget.js carries it (src/widget/styles.ts): its rem as em (counted from
// the widget's own root, not the merchant's), written so by the build rather than at run time, and
// without the rules of what only the hosted page shows: a session's items (src/components/surface.ts)
// and the merchant's logo (the widget's <Checkout> is given no `logo`: src/widget/instance.tsx).
import type { Plugin } from 'vite';

const PAGE_ONLY = /\.momo-items?(?![\w-])|\.momo-item-|\.momo-logo(?![\w-])/;

export function widgetStylesheet(css: string): string {
  const rules = css.replace(/([^{}@;]+)\{([^{}]*)\}/g, (rule, selectors: string, body: string) => {
    if (selectors.includes('(') || !PAGE_ONLY.test(selectors)) return rule;
    const kept = selectors.split(',').filter((selector) => !PAGE_ONLY.test(selector));
    return kept.length > 0 ? `${kept.join(',')}{${body}}` : '';
  });
  return rules.replace(/(\d)rem\b/g, '$1em');
}

export const widgetCss = (): Plugin => {
  let building = false;
  return {
    name: 'momo-widget-css',
    enforce: 'post',
    configResolved(config) {
      building = config.command === 'build';
    },
    transform(code, id) {
      if (!/\/src\/components\/(?:checkout|screens)\.css\?inline$/.test(id)) return;
      const match = /^export default ("(?:[^"\\]|\\.)*");?\s*$/.exec(code);
      // A build must ship it so; elsewhere (the unit tests' transform) the stylesheet may be left out.
      if (!match && building) throw new Error(`momo-widget-css: ${id} is not one string: ${code.slice(0, 80)}`);
      return match
        ? { code: `export default ${JSON.stringify(widgetStylesheet(JSON.parse(match[1]!)))};`, map: null }
        : undefined;
    },
  };
};
