// One way to drive a page in the engines beside Chromium (test/browser/engines.browser.test.ts):
// Firefox ESR through puppeteer-core, WebKitGTK through selenium-webdriver. The tests say what a
// payer does (type, choose, press) and wait for what the page shows; each adapter does it the
// way its protocol can. `host` names a widget's element, whose open shadow root holds the checkout.
import type { Browser, Page } from 'puppeteer-core';
import { By, type WebDriver, type WebElement } from 'selenium-webdriver';

/** How long a condition may take to hold: generous, for a loaded machine; a wait ends as soon as it holds. */
export const WAIT_MS = 60_000;

export interface EnginePage {
  goto(url: string): Promise<void>;
  /** Waits until an element matches `css` (in `host`'s shadow root, if given). */
  waitFor(css: string, host?: string): Promise<void>;
  type(css: string, text: string, host?: string): Promise<void>;
  /** Chooses the option of that value in a `<select>`. */
  choose(css: string, value: string, host?: string): Promise<void>;
  click(css: string, host?: string): Promise<void>;
  /** The element's text content. */
  text(css: string, host?: string): Promise<string>;
  /** The element's attribute, or null. */
  attribute(css: string, name: string, host?: string): Promise<string | null>;
  /** The page's `navigator.userAgent`: which engine really ran. */
  userAgent(): Promise<string>;
  close(): Promise<void>;
}

/** A new tab of Firefox (or any browser puppeteer drives). */
export async function puppeteerPage(browser: Browser): Promise<EnginePage> {
  const page: Page = await browser.newPage();
  page.setDefaultTimeout(WAIT_MS);
  // puppeteer's deep combinator: the element inside the host's shadow root.
  const at = (css: string, host?: string) => (host ? `${host} >>> ${css}` : css);
  return {
    goto: async (url) => {
      await page.goto(url, { waitUntil: 'load', timeout: WAIT_MS });
    },
    // Polled, not left to puppeteer's watch of the document's mutations, which sees none of those
    // inside a widget's shadow root (its wait for the success screen there never ended).
    waitFor: async (css, host) => {
      await page.waitForFunction(
        (selector: string, within: string | null) =>
          (within ? document.querySelector(within)?.shadowRoot : document)?.querySelector(selector) != null,
        { polling: 100, timeout: WAIT_MS },
        css,
        host ?? null,
      );
    },
    type: (css, text, host) => page.type(at(css, host), text),
    choose: async (css, value, host) => {
      await page.select(at(css, host), value);
    },
    click: (css, host) => page.click(at(css, host)),
    text: (css, host) => page.$eval(at(css, host), (element) => element.textContent ?? ''),
    attribute: (css, name, host) => page.$eval(at(css, host), (element, key) => element.getAttribute(key), name),
    userAgent: () => page.evaluate(() => navigator.userAgent),
    close: () => page.close(),
  };
}

/** WebKitGTK's one window, through its WebDriver session. */
export function webDriverPage(driver: WebDriver): EnginePage {
  const all = async (css: string, host?: string): Promise<WebElement[]> =>
    host
      ? driver.executeScript<WebElement[]>(
          'return [...(document.querySelector(arguments[0])?.shadowRoot?.querySelectorAll(arguments[1]) ?? [])];',
          host,
          css,
        )
      : driver.findElements(By.css(css));
  const one = async (css: string, host?: string): Promise<WebElement> => {
    const [found] = await all(css, host);
    if (!found) throw new Error(`nothing matches ${host ? `${host} ⟶ ` : ''}${css}`);
    return found;
  };
  return {
    goto: (url) => driver.get(url),
    waitFor: async (css, host) => {
      await driver.wait(async () => (await all(css, host)).length > 0, WAIT_MS, `waiting for ${css}`, 100);
    },
    type: async (css, text, host) => (await one(css, host)).sendKeys(text),
    choose: async (css, value, host) => (await one(`${css} option[value="${value}"]`, host)).click(),
    click: async (css, host) => (await one(css, host)).click(),
    text: async (css, host) =>
      driver.executeScript<string>('return arguments[0].textContent ?? "";', await one(css, host)),
    attribute: async (css, name, host) =>
      driver.executeScript<string | null>(
        'return arguments[0].getAttribute(arguments[1]);',
        await one(css, host),
        name,
      ),
    userAgent: () => driver.executeScript<string>('return navigator.userAgent;'),
    // One window for the whole session: the next test navigates it.
    close: async () => {},
  };
}
