// Real user agents, each from where it was collected: shalanah/inapp-spy's tests
// (src/tests/mobile.ts, gathered on devices), ua-parser-js#841 (WhatsApp's markers), WhichBrowser
// /Parser-PHP#257 (Messenger Lite), browscap/browscap#1304 and f2etw/detect-inapp#1 (Messenger and
// Facebook on Android), shalanah/inapp-debugger#11 (Instagram on Android, October 2024).
import { describe, expect, it } from 'vitest';
import {
  chromeIntent,
  IN_APP as MARKERS,
  inAppBrowser,
  leaves,
  resumeLink,
} from '../../../../src/methods/momo/steps/in-app';

const IN_APP: ReadonlyArray<readonly [string, string, 'android' | 'ios']> = [
  // inapp-spy, Pixel: WhatsApp on Android.
  [
    'WhatsApp',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.7390.124 Mobile Safari/537.36 [WA4A/2.25.32.75;]',
    'android',
  ],
  // inapp-spy, iPhone: WhatsApp on iOS.
  [
    'WhatsApp',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 26_0_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0.1 Mobile/15E148 Safari/604.1 [WAiOS/2.25.31]',
    'ios',
  ],
  // inapp-debugger#11 (2024-10-31), Xiaomi Mi A3.
  [
    'Instagram',
    'Mozilla/5.0 (Linux; Android 11; Mi A3 Build/RKQ1.200903.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.6778.14 Mobile Safari/537.36 Instagram 355.0.0.37.103 Android (30/11; 320dpi; 720x1411; Xiaomi; Mi A3; laurel_sprout; qcom; pt_BR; 657300861)',
    'android',
  ],
  // inapp-spy, iPhone.
  [
    'Instagram',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22F76 Instagram 393.1.0.36.70 (iPhone15,3; iOS 18_5; en_US; en; scale=3.00; 1290x2796; IABMV/1; 776538208) Safari/604.1)',
    'ios',
  ],
  // inapp-spy, Pixel 8: Facebook on Android.
  [
    'Facebook',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240905.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.83 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/488.0.0.62.79;IABMV/1;]',
    'android',
  ],
  // inapp-spy, iPhone: Facebook on iOS, and its 2025 marker.
  [
    'Facebook',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22B83 [FBAN/FBIOS;FBAV/488.0.0.68.101;FBBV/658219612;FBDV/iPhone12,8;FBMD/iPhone;FBSN/iOS;FBSV/18.1;FBSS/2;FBID/phone;FBLC/en_US;FBOP/5;FBRV/0;IABMV/1]',
    'ios',
  ],
  [
    'Facebook',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22G100 Safari/604.1 MetaIAB Facebook',
    'ios',
  ],
  // browscap#1304 and detect-inapp#1: Messenger on Android.
  [
    'Messenger',
    'Mozilla/5.0 (Linux; Android 6.0.1; SM-N9208 Build/MMB29K; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/58.0.3029.83 Mobile Safari/537.36 [FB_IAB/MESSENGER;FBAV/118.0.0.19.82;]',
    'android',
  ],
  // uap-core#347: Messenger on iOS; Parser-PHP#257: Messenger Lite.
  [
    'Messenger',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 10_2_1 like Mac OS X) AppleWebKit/602.4.6 (KHTML, like Gecko) Mobile/14D27 [FBAN/MessengerForiOS;FBAV/124.0.0.50.70;FBBV/63293619;FBDV/iPhone7,1;FBMD/iPhone;FBSN/iOS;FBSV/10.2.1;FBSS/3;FBCR/Viettel;FBID/phone;FBLC/vi_VN;FBOP/5;FBRV/0]',
    'ios',
  ],
  [
    'Messenger',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 13_3_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 LightSpeed [FBAN/MessengerLiteForiOS;FBAV/259.0.0.37.118;FBBV/207629286;FBDV/iPhone9,4;FBMD/iPhone;FBSN/iOS;FBSV/13.3.1;FBSS/3;FBCR/;FBID/phone;FBLC/zh-Hant_GB;FBOP/0]',
    'ios',
  ],
];

// Browsers of their own (inapp-spy's `not_inapp`), and WhatsApp's link-preview fetcher (goaccess#808), which is no browser.
const OWN_BROWSERS = [
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 10_2_1 like Mac OS X) AppleWebKit/602.1.50 (KHTML, like Gecko) CriOS/58.0.3029.113 Mobile/14D27 Safari/602.1',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/130.1  Mobile/15E148 Safari/605.1.15',
  'WhatsApp/2.17.190 A',
];

describe('inAppBrowser › which app’s browser shows the page, from real user agents', () => {
  it.each(IN_APP)('%s: %s', (app, userAgent, os) => {
    expect(inAppBrowser(userAgent)).toEqual({ app, os });
  });

  it.each(OWN_BROWSERS)('a browser of its own: %s', (userAgent) => {
    expect(inAppBrowser(userAgent)).toBeNull();
  });
});

describe('IN_APP › the one list of markers, which the hosted page’s first load tests alone', () => {
  // Each marker alone, on a browser of its own's user agent: a list that lost one fails here.
  const chrome = OWN_BROWSERS[0]!;
  it.each([
    ['WA4A/2.25.32.75;', 'WhatsApp'],
    ['WAiOS/2.25.31', 'WhatsApp'],
    ['Instagram 355.0.0.37.103', 'Instagram'],
    ['FBAN/MessengerForiOS;', 'Messenger'],
    ['FB_IAB/MESSENGER;', 'Messenger'],
    ['FBAN/FBIOS;', 'Facebook'],
    ['FB_IAB/FB4A;', 'Facebook'],
    ['FBAV/488.0.0.62.79;', 'Facebook'],
    ['MetaIAB Facebook', 'Facebook'],
  ])('%s is %s’s browser', (marker, app) => {
    const userAgent = `${chrome} [${marker}]`;
    expect(MARKERS.test(userAgent)).toBe(true);
    expect(inAppBrowser(userAgent)?.app).toBe(app);
  });

  it('matches exactly the user agents inAppBrowser names, real ones of each app and of browsers of their own', () => {
    for (const [, userAgent] of IN_APP) expect([userAgent, MARKERS.test(userAgent)]).toEqual([userAgent, true]);
    for (const userAgent of OWN_BROWSERS) expect([userAgent, MARKERS.test(userAgent)]).toEqual([userAgent, false]);
  });
});

describe('leaves › the way out of the app’s browser its system allows', () => {
  it('WhatsApp on Android: Chrome’s intent link; Meta’s apps on Android (refused since October 2024): the menu; iOS: the menu', () => {
    const of = (userAgent: string) => leaves(inAppBrowser(userAgent)!);
    expect(of(IN_APP[0]![1])).toBe('intent');
    expect(of(IN_APP[1]![1])).toBe('menu-ios');
    for (const [app, userAgent, os] of IN_APP.slice(2)) {
      expect([app, of(userAgent)]).toEqual([app, os === 'ios' ? 'menu-ios' : 'menu-android']);
    }
  });
});

describe('chromeIntent › the intent link that opens an address in Chrome', () => {
  it('keeps the address’s scheme, host, path and query; refuses one with a fragment or not http(s)', () => {
    expect(chromeIntent('https://pay.wave.com/c/cos-1?a=1')).toBe(
      'intent://pay.wave.com/c/cos-1?a=1#Intent;scheme=https;package=com.android.chrome;end',
    );
    expect(chromeIntent('http://localhost:8080/v1/_sandbox/wallet/pi_1/t')).toBe(
      'intent://localhost:8080/v1/_sandbox/wallet/pi_1/t#Intent;scheme=http;package=com.android.chrome;end',
    );
    expect(chromeIntent('https://pay.wave.com/c#secret')).toBeNull();
    expect(chromeIntent('javascript:alert(1)')).toBeNull();
  });
});

describe('resumeLink › the payment’s own link for another browser', () => {
  const kept = (secret: string | null) => () => ({
    getItem: (key: string) => (key === 'momo-secret:/pay/cs_123' ? secret : null),
  });
  const page = { origin: 'https://pay.shop.example', pathname: '/pay/cs_123', search: '?lang=fr', hash: '' };

  it('on the hosted page: its own address (a session’s too), the secret the tab kept in the fragment only', () => {
    const link = resumeLink(page, kept('pi_abc_secret_XYZ'));
    expect(link).toBe('https://pay.shop.example/pay/cs_123?lang=fr#pi_abc_secret_XYZ');
    // What a server would see of it (its path and query) holds no secret.
    const url = new URL(link!);
    expect(url.pathname + url.search).not.toContain('secret');
  });

  it('where storage is blocked, the fragment the page left in its address', () => {
    const blocked = () => {
      throw new Error('SecurityError');
    };
    expect(resumeLink({ ...page, hash: '#pi_abc_secret_XYZ' }, blocked)).toBe(
      'https://pay.shop.example/pay/cs_123?lang=fr#pi_abc_secret_XYZ',
    );
    expect(resumeLink(page, blocked)).toBeNull();
  });

  it('no link without a secret, nor on a merchant’s page (the widget: the secret is the merchant’s)', () => {
    expect(resumeLink(page, kept(null))).toBeNull();
    expect(resumeLink({ ...page, pathname: '/basket' }, kept('pi_abc_secret_XYZ'))).toBeNull();
  });
});
