// One constructable stylesheet, shared by every widget on the page: no <style> element, so a page
// whose CSP forbids inline styles shows the widget all the same (where the engine has them).
import checkoutCss from '../src/components/checkout.css?inline';
import screensCss from '../src/components/screens.css?inline';
import widgetCss from './widget.css?inline';

let sheet: CSSStyleSheet | undefined;

// rem follows the merchant's root font size (62.5 % is common); inside the shadow root em, counted
// from the widget's own root at the payer's default size, keeps the checkout's proportions: the
// build writes checkout.css's rem as em here (scripts/vite/widget-css.ts, widgetStylesheet).
const CSS = widgetCss + checkoutCss + screensCss;

/**
 * Adopts the widget's stylesheet in `root`; the returned function takes it back. An engine without
 * constructable stylesheets (iOS before 16.4, Firefox before 101, Chrome before 73) gets a <style>
 * element at the end of the root instead (after the checkout's first render, which would take a
 * node it finds there for its own): that one a page's CSP without 'unsafe-inline' styles blocks.
 */
export function adoptStyles(root: ShadowRoot): () => void {
  if (!('adoptedStyleSheets' in root) || typeof CSSStyleSheet.prototype.replaceSync !== 'function') {
    const style = document.createElement('style');
    style.textContent = CSS;
    root.append(style);
    return () => style.remove();
  }
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
  }
  const own = sheet;
  root.adoptedStyleSheets = [...(root.adoptedStyleSheets || []), own];
  return () => {
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== own);
  };
}
