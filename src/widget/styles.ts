// One constructable stylesheet, shared by every widget on the page: no <style> element, so a page
// whose CSP forbids inline styles shows the widget all the same (where the engine has them).
import checkoutCss from '../components/checkout.css?inline';
import screensCss from '../components/screens.css?inline';
import { SCREENS_APART } from '../components/surface';
import widgetCss from './widget.css?inline';

const sheets: Record<string, CSSStyleSheet> = {};

// rem follows the merchant's root font size (62.5 % is common); inside the shadow root em, counted
// from the widget's own root at the payer's default size, keeps the checkout's proportions: the
// build writes checkout.css's rem as em here (scripts/vite/widget-css.ts, widgetStylesheet). In
// widget.js the screens after the form bring their rules with their part (addScreensRules).
const CSS = widgetCss + checkoutCss + (SCREENS_APART ? '' : screensCss);
/** The widget's stylesheet as it is now: CSS, then the screens' rules once their part has come. */
let css = CSS;
/** The <style> elements of the engines without constructable stylesheets, each holding `css`. */
const styles = new Set<HTMLStyleElement>();

/**
 * Adopts the widget's stylesheet (or `own`, which the dialog's part adds: src/widget/modal.ts) in
 * `root`; the returned function takes it back. An engine without constructable stylesheets (iOS
 * before 16.4, Firefox before 101, Chrome before 73) gets a <style> element at the end of the root
 * instead (after the checkout's first render, which would take a node it finds there for its own):
 * that one a page's CSP without 'unsafe-inline' styles blocks.
 */
export function adoptStyles(root: ShadowRoot, own?: string): () => void {
  const text = own || css;
  if (!('adoptedStyleSheets' in root) || typeof CSSStyleSheet.prototype.replaceSync !== 'function') {
    const style = document.createElement('style');
    style.textContent = text;
    root.append(style);
    if (!own) styles.add(style);
    return () => {
      style.remove();
      styles.delete(style);
    };
  }
  const key = own || CSS;
  let sheet = sheets[key];
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    sheets[key] = sheet;
  }
  root.adoptedStyleSheets = [...(root.adoptedStyleSheets || []), sheet];
  return () => {
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== sheet);
  };
}

/**
 * The screens' part's rules (src/hosted/screens.part.ts gives them here, as widget.js lends it
 * this), written as the build writes the widget's (rem as em), added to the widget's stylesheet:
 * every widget on the page has them at once (the one sheet they share, or each one's <style>), and
 * every widget mounted later.
 */
export function addScreensRules(rules: string): void {
  css += rules.replace(/(\d)rem\b/g, '$1em');
  if (sheets[CSS]) sheets[CSS].replaceSync(css);
  for (const style of styles) style.textContent = css;
}
