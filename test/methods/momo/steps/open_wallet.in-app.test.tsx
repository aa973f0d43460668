// The Wave step inside an app's browser, in every language: the QR code for the phone with Wave,
// the payment's own link to copy, the way out its system allows, and the wallet's link last.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { generate } from 'lean-qr/nano';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readAddress, takeSecret } from '../../../../src/hosted/location';
import { LANGS } from '../../../../src/i18n';
import { fillText } from '../../../../src/i18n/fill';
import { fillerOf } from '../../../../src/methods/momo/steps/fill';
import { appStep } from '../../../../src/methods/momo/steps/open_wallet';
import { IN_APP_MESSAGES } from '../../../../src/methods/momo/steps/open_wallet.in-app';
import { STEP_LIB, type StepLib } from '../../../../src/methods/step-lib';
import { loadEveryLanguage } from '../../../i18n/every-language';
import { createBed } from '../../../support/checkout-bed';

loadEveryLanguage();

// inapp-spy's tests (src/tests/mobile.ts): WhatsApp on Android, Instagram on Android, Facebook on iOS.
const WHATSAPP_ANDROID =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.7390.124 Mobile Safari/537.36 [WA4A/2.25.32.75;]';
const INSTAGRAM_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240905.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.58 Mobile Safari/537.36 Instagram 355.1.0.44.103 Android (34/14; 420dpi; 1080x2205; Google/google; Pixel 8; shiba; shiba; en_US; 658190016)';
const FACEBOOK_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22G100 Safari/604.1 MetaIAB Facebook';

/** The step's filler over the checkout's one filler of text, as the page lends it. */
const fill = fillerOf(fillText);

const loadPart = (async () => (text: string) => generate(text)) as unknown as StepLib['loadPart'];
const Step = appStep({ ...STEP_LIB, loadPart });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete (window as { matchMedia?: unknown }).matchMedia;
  history.replaceState(null, '', '/');
  sessionStorage.clear();
});

/** A Wave attempt at its app step, in a phone's app browser of `userAgent`, on the hosted page's address. */
async function atAppStep(userAgent: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  // A phone: without the app's browser it would get the one large link, no QR code.
  window.matchMedia = ((query: string) => ({ matches: true, media: query })) as unknown as typeof window.matchMedia;
  const bed = createBed();
  const model = await bed.startAttempt('sn', 'wave');
  const shown = model.screen.value;
  if (shown.name !== 'pending') throw new Error(shown.name);
  // The hosted page, its secret in the tab's storage and no longer in its address. (In an app's
  // browser the page now keeps the fragment from the start, src/hosted/location.ts; the step still
  // puts it back for an address that lost it, e.g. back from the plain form, which moves it to storage.)
  // (the step reads only the page's address and what the tab kept: any intent's will do).
  const [intentId, clientSecret] = ['pi_in_app', 'pi_in_app_secret_Kept2Tab'];
  history.replaceState(null, '', `/pay/${intentId}?lang=fr#${clientSecret}`);
  takeSecret(readAddress(location), location, history, () => sessionStorage, 'a browser of its own');
  expect(location.hash).toBe('');
  const step = shown.attempt.step;
  const url = step.type === 'step' ? String(step.detail.url) : '';
  return { model, attempt: shown.attempt, url, link: `${location.origin}/pay/${intentId}?lang=fr#${clientSecret}` };
}

describe('the app step in an app’s browser › what works there, in every language', () => {
  it.each(LANGS)(
    'WhatsApp on Android, in %s: QR code, copy, Chrome’s intent link, the wallet’s link last',
    async (lang) => {
      const { model, attempt, url } = await atAppStep(WHATSAPP_ANDROID);
      const values = { app: 'WhatsApp', wallet: 'Wave' };
      const view = render(
        <Step model={model} attempt={attempt} lang={lang} amount="5 000 F CFA" wallet="Wave" base="" />,
      );
      expect(view.container.querySelector('p')?.textContent).toBe(fill(IN_APP_MESSAGES, lang, 'inApp', values));
      await waitFor(() => expect(view.container.querySelector('svg.momo-qr')).not.toBeNull());
      expect(screen.getByRole('button', { name: fill(IN_APP_MESSAGES, lang, 'copy') })).toBeTruthy();
      const chrome = screen.getByRole('link', { name: fill(IN_APP_MESSAGES, lang, 'chrome', values) });
      expect(chrome.getAttribute('href')).toBe(
        `intent://${url.replace(/^https?:\/\//, '')}#Intent;scheme=${url.split(':')[0]};package=com.android.chrome;end`,
      );
      const links = [...view.container.querySelectorAll('a')];
      expect(links.at(-1)?.getAttribute('href')).toBe(url);
      expect(links.at(-1)?.textContent).toBe(fill(IN_APP_MESSAGES, lang, 'tryHere', values));
      expect(view.container.textContent).not.toContain('{');
    },
  );

  it.each(LANGS)(
    'Instagram on Android and Facebook on iOS, in %s: the app’s menu, never the intent link',
    async (lang) => {
      for (const [userAgent, app, key] of [
        [INSTAGRAM_ANDROID, 'Instagram', 'menuAndroid'],
        [FACEBOOK_IOS, 'Facebook', 'menuIos'],
      ] as const) {
        const { model, attempt } = await atAppStep(userAgent);
        const view = render(
          <Step model={model} attempt={attempt} lang={lang} amount="5 000 F CFA" wallet="Wave" base="" />,
        );
        expect(screen.getByText(fill(IN_APP_MESSAGES, lang, key, { app }))).toBeTruthy();
        expect(view.container.querySelector('a[href^="intent:"]')).toBeNull();
        view.unmount();
      }
    },
  );

  it('copies the payment’s own link, its secret in the fragment, and says so; the address bar carries it again', async () => {
    const { model, attempt, link } = await atAppStep(WHATSAPP_ANDROID);
    const writeText = vi.fn(async (_: string) => {});
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { clipboard: { writeText } }));
    render(<Step model={model} attempt={attempt} lang="fr" amount="5 000 F CFA" wallet="Wave" base="" />);
    // The app's own "open in the browser" takes the address shown: it resumes too.
    await waitFor(() => expect(location.href).toBe(link));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Copier le lien du paiement' })));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(screen.getByRole('status').textContent).toBe(fill(IN_APP_MESSAGES, 'fr', 'copied'));
  });

  it('where copying is refused: the link shown selected, to copy by hand', async () => {
    const { model, attempt, link } = await atAppStep(WHATSAPP_ANDROID);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { clipboard: undefined }));
    render(<Step model={model} attempt={attempt} lang="en" amount="5 000 F CFA" wallet="Wave" base="" />);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Copy the payment’s link' })));
    const area = await screen.findByRole('textbox', { name: 'The payment’s link, to copy into your browser' });
    expect((area as HTMLTextAreaElement).value).toBe(link);
  });
});
