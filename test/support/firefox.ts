// Debian's Firefox ESR (Gecko, the engine KaiOS phones run) driven by puppeteer-core over WebDriver
// BiDi: no geckodriver and no browser download (a developer tool: nothing here ships). Its own
// throw-away profile, French first, as the Chromium tests' pages are.
import puppeteer, { type Browser } from 'puppeteer-core';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** Time allowed to start the browser and for each command: generous, for a loaded CI machine. */
const PATIENCE_MS = 120_000;

export function launchFirefox(): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    timeout: PATIENCE_MS,
    protocolTimeout: PATIENCE_MS,
    extraPrefsFirefox: { 'intl.accept_languages': 'fr-FR, fr' },
  });
}
