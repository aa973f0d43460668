// Whether the hosted page takes the client secret out of its address (src/hosted/location.ts): in a
// browser of its own, yes (Back and the history carry no secret); in an app's browser, no — the
// app's "open in the browser" takes the address without this tab's storage, and without the
// fragment it would land on "link incomplete" (docs/decisions.md, "In-app browsers").
import { afterEach, describe, expect, it } from 'vitest';
import { readAddress, takeSecret } from '../../src/hosted/location';

// Real user agents (test/methods/momo/steps/in-app.test.ts says where each was collected).
const WHATSAPP_ANDROID =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.7390.124 Mobile Safari/537.36 [WA4A/2.25.32.75;]';
const FACEBOOK_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22G100 Safari/604.1 MetaIAB Facebook';
const INSTAGRAM_ANDROID =
  'Mozilla/5.0 (Linux; Android 11; Mi A3 Build/RKQ1.200903.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.6778.14 Mobile Safari/537.36 Instagram 355.0.0.37.103 Android (30/11; 320dpi; 720x1411; Xiaomi; Mi A3; laurel_sprout; qcom; pt_BR; 657300861)';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Mobile Safari/537.36';
const SAFARI_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const SECRET = 'pi_abc_secret_XYZ';

/** The page opened from the merchant's link in a browser of `userAgent`: what its address shows once the secret is read. */
function opened(userAgent: string) {
  history.replaceState(null, '', `/pay/pi_abc?lang=fr#${SECRET}`);
  const secret = takeSecret(readAddress(location), location, history, () => sessionStorage, userAgent);
  return { secret, address: location.pathname + location.search + location.hash };
}

afterEach(() => sessionStorage.clear());

describe('takeSecret › which browsers keep the secret in the address', () => {
  it.each([
    ['WhatsApp', WHATSAPP_ANDROID],
    ['Facebook', FACEBOOK_IOS],
    ['Instagram', INSTAGRAM_ANDROID],
  ])('in %s’s browser the fragment stays, so "open in the browser" resumes this payment', (_, userAgent) => {
    expect(opened(userAgent)).toEqual({ secret: SECRET, address: `/pay/pi_abc?lang=fr#${SECRET}` });
    // The tab keeps it too: a reload through the app's menu, whatever its address.
    expect(sessionStorage.getItem('momo-secret:/pay/pi_abc')).toBe(SECRET);
  });

  it.each([
    ['Chrome', CHROME_ANDROID],
    ['Safari', SAFARI_IOS],
  ])('in %s the fragment leaves the address; the tab keeps the secret for a reload', (_, userAgent) => {
    expect(opened(userAgent)).toEqual({ secret: SECRET, address: '/pay/pi_abc?lang=fr' });
    expect(sessionStorage.getItem('momo-secret:/pay/pi_abc')).toBe(SECRET);
    // Reloaded without the fragment: the same secret, from the tab.
    expect(takeSecret(readAddress(location), location, history, () => sessionStorage, userAgent)).toBe(SECRET);
  });
});
