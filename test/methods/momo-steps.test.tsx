// Mobile money's steps after the confirm (src/methods/momo/steps/), rendered as the page renders
// them (with the Preact and helpers it lends), on a real model and sandbox on one fake clock: what
// the code step says of a refused code — with the code to dial, or the wallet's menu where none is
// sourced (Mali, Burkina Faso); a refusal it does not know; no answer — its time left and its focus,
// and an expired code's attempt ended at once; the app step's fallback when the QR code cannot be
// drawn, and without a launch address it may open.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { generate } from 'lean-qr/nano';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutModel } from '../../src/checkout/model';
import { Checkout } from '../../src/components/Checkout';
import { LANGS, type Lang } from '../../src/i18n';
import { CODE_MESSAGES, codeAnswer, codeStep } from '../../src/methods/momo/steps/enter_otp';
import { APP_MESSAGES, appStep, launchUrl, qrPath } from '../../src/methods/momo/steps/open_wallet';
import { fillText } from '../../src/i18n/fill';
import { fillerOf, type StepMessages } from '../../src/methods/momo/steps/fill';
import { STEP_LIB, type StepLib } from '../../src/methods/step-lib';
import { loadEveryLanguage } from '../i18n/every-language';
import { createBed } from '../support/checkout-bed';

/** A step's filler, over the checkout's one filler of text, as the page lends it. */
const fill = fillerOf(fillText);

// Every language of the table, as a page has them once they have arrived.
loadEveryLanguage();

type Bed = ReturnType<typeof createBed>;
const CodeStep = codeStep(STEP_LIB);

/** An Orange Money attempt of `country` at its code step, shown in `lang` as the waiting screen shows it. */
async function atCodeStep(country: string, lang: Lang) {
  const bed = createBed();
  const model = await bed.startAttempt(country, 'orange');
  const view = render(<Shown model={model} lang={lang} />);
  return { bed, model, view };
}

function Shown({ model, lang }: { model: CheckoutModel; lang: Lang }) {
  const shown = model.screen.value;
  if (shown.name !== 'pending') return <p>{shown.name}</p>;
  return (
    <CodeStep model={model} attempt={shown.attempt} lang={lang} amount="5 000 F CFA" wallet="Orange Money" base="" />
  );
}

/** The service refuses the next code with `code` (and `status`), the intent's reads untouched. */
function refuseNextCode(bed: Bed, code: string, status = 409) {
  let done = false;
  bed.intercept(async (request) => {
    if (done || !request.url.endsWith('/otp')) return undefined;
    done = true;
    return Response.json({ error: { code, message: code, field: null } }, { status });
  });
}

const hint = () => document.getElementById('momo-code-hint')!;
const codes = (bed: Bed) => bed.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/otp'));

describe('the code step › its field, its time left, its focus', () => {
  it('shows the time left by the model’s clock, refreshed each second, and none once the window has passed', async () => {
    // The step's own second-by-second refresh (useCountdown's interval), moved by the test.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { bed, model, view } = await atCodeStep('sn', 'en');
      const shown = model.screen.value;
      const expiresAt = shown.name === 'pending' ? shown.attempt.expiresAt! : 0;
      expect(expiresAt - bed.time.now()).toBe(5 * 60_000);
      const timer = () => view.container.querySelector('.momo-timer')?.textContent;
      expect(timer()).toBe('Code valid for 5:00');
      bed.time.skip(61_000);
      act(() => void vi.advanceTimersByTime(1000));
      expect(timer()).toBe('Code valid for 3:59');
      bed.time.skip(expiresAt - bed.time.now());
      act(() => void vi.advanceTimersByTime(1000));
      expect(timer()).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a code of the wrong length without sending it; a wrong code takes the focus back to the field', async () => {
    const { bed, view } = await atCodeStep('sn', 'en');
    const field = screen.getByLabelText('Payment code') as HTMLInputElement;
    expect([field.getAttribute('autocomplete'), field.getAttribute('inputmode'), field.maxLength]).toEqual([
      'one-time-code',
      'numeric',
      6,
    ]);
    fireEvent.input(field, { target: { value: '123' } });
    fireEvent.submit(view.container.querySelector('form')!);
    await bed.time.settle();
    expect(hint().textContent).toBe('Type the 6 digits of the code.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(codes(bed)).toHaveLength(0);
    fireEvent.input(field, { target: { value: '000000' } });
    expect(field.getAttribute('aria-invalid')).toBeNull();
    const pay = screen.getByRole('button', { name: 'Pay 5 000 F CFA' });
    pay.focus();
    fireEvent.submit(view.container.querySelector('form')!);
    await bed.time.settle();
    expect(codes(bed)).toHaveLength(1);
    expect(hint().textContent).toBe('This code is not right. Check it, or dial #144#391# to get a new one.');
    expect(document.activeElement).toBe(field);
  });
});

describe('the code step › a refused code, and how to get another', () => {
  it.each(['ml', 'bf'])(
    'in %s, whose code to dial is not sourced: a wrong code points to the wallet’s menu, never "dial Orange Money"',
    async (country) => {
      for (const lang of LANGS) {
        const { bed, model, view } = await atCodeStep(country, lang);
        const screenState = model.screen.value;
        expect(screenState.name === 'pending' && screenState.attempt.step).toMatchObject({
          name: 'enter_otp',
          detail: { dial_code: null },
        });
        await model.answerStep(codeAnswer('000000'));
        await bed.time.settle();
        expect(hint().textContent).toBe(fill(CODE_MESSAGES, lang, 'wrongMenu', { wallet: 'Orange Money' }));
        expect(hint().getAttribute('role')).toBe('alert');
        expect(view.container.querySelector('a.momo-dial')).toBeNull();
        view.unmount();
        model.dispose();
      }
    },
  );

  it('in Mali, in English and French, the words themselves', async () => {
    const en = await atCodeStep('ml', 'en');
    await en.model.answerStep(codeAnswer('000000'));
    await en.bed.time.settle();
    expect(hint().textContent).toBe(
      'This code is not right. Check it, or generate a new one in the Orange Money menu.',
    );
    expect(hint().textContent).not.toMatch(/dial/i);
    en.view.unmount();
    const fr = await atCodeStep('ml', 'fr');
    await fr.model.answerStep(codeAnswer('000000'));
    await fr.bed.time.settle();
    expect(hint().textContent).toBe(
      'Ce code n’est pas le bon. Vérifiez-le, ou générez-en un nouveau dans le menu Orange Money.',
    );
    expect(hint().textContent).not.toMatch(/composez/i);
  });

  it('in Senegal, where it is sourced: the code to dial, for a wrong code', async () => {
    const { bed, model } = await atCodeStep('sn', 'en');
    await model.answerStep(codeAnswer('000000'));
    await bed.time.settle();
    expect(hint().textContent).toBe('This code is not right. Check it, or dial #144#391# to get a new one.');
    // The code to dial is a link the phone's dialler opens, there too ('#' as %23, or it stops there).
    expect(hint().querySelector('a')?.getAttribute('href')).toBe('tel:%23144%23391%23');
    expect(document.querySelectorAll('a[href="tel:%23144%23391%23"]')).toHaveLength(2);
  });

  it.each([
    ['rate_limited', 429],
    ['otp_not_expected', 409],
    ['a_code_no_page_knows', 400],
  ])(
    'a refusal the step does not know (%s): the service did not accept it, in every language — not a connection problem',
    async (code, status) => {
      for (const lang of LANGS) {
        const { bed, model, view } = await atCodeStep('sn', lang);
        refuseNextCode(bed, code, status);
        await model.answerStep(codeAnswer('123456'));
        await bed.time.settle();
        expect(hint().textContent).toBe(fill(CODE_MESSAGES, lang, 'refused'));
        expect(hint().textContent).not.toBe(fill(CODE_MESSAGES, lang, 'network'));
        view.unmount();
        model.dispose();
      }
      expect(CODE_MESSAGES.en.refused).toBe('The payment service did not accept this code. Try again in a moment.');
    },
  );

  it('an answer that names no refusal (a proxy’s 503 page): not a connection problem either', async () => {
    const { bed, model } = await atCodeStep('sn', 'en');
    let done = false;
    bed.intercept(async (request) => {
      if (done || !request.url.endsWith('/otp')) return undefined;
      done = true;
      return new Response('<html>Service Unavailable</html>', { status: 503 });
    });
    await model.answerStep(codeAnswer('123456'));
    await bed.time.settle();
    expect(hint().textContent).toBe('The payment service did not accept this code. Try again in a moment.');
  });

  it('no answer at all (the connection broke): the code could not be sent, check the connection', async () => {
    const { bed, model } = await atCodeStep('sn', 'en');
    let done = false;
    bed.intercept(async (request) => {
      if (done || !request.url.endsWith('/otp')) return undefined;
      done = true;
      throw new TypeError('Failed to fetch');
    });
    await model.answerStep(codeAnswer('123456'));
    await bed.time.settle();
    expect(hint().textContent).toBe('The code could not be sent. Check your connection and try again.');
  });
});

describe('the code step › an expired code ends its attempt', () => {
  it('at once, even while the intent cannot be read: the request has expired, a new one offered with its warning, no code field; then a check', async () => {
    const bed = createBed();
    const model = await bed.startAttempt('sn', 'orange');
    const view = render(<Checkout model={model} lang="en" onLangChange={() => {}} />);
    // The page cannot read the intent: it does not learn that the window has passed.
    bed.intercept(async (request) => (request.method === 'GET' ? new Response('{}', { status: 503 }) : undefined));
    await bed.time.advance(5 * 60_000);
    const sent = model.answerStep(codeAnswer('123456'));
    await bed.time.settle();
    const failed = () => view.container.querySelector('.momo-failed');
    expect(failed()?.querySelector('[role="alert"]')?.textContent).toBe(
      'The payment request expired before it was approved.',
    );
    expect(view.container.querySelector('#momo-code')).toBeNull();
    expect(screen.getByRole('button', { name: /^Send a new request to / })).toBeTruthy();
    // The read that follows fails: said plainly, with a way to check, the new request still there.
    await bed.time.advance(30_000);
    await sent;
    expect(screen.getByText('The payment service is having trouble. Please try again in a moment.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Send a new request to / })).toBeTruthy();
    expect(view.container.querySelector('#momo-code')).toBeNull();
    expect(bed.confirms()).toHaveLength(1);
    bed.intercept(async () => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Check the payment status' }));
    await bed.time.settle();
    // What the service says: the same end, and the warning before paying Orange Money again so soon.
    expect(failed()?.querySelector('[role="alert"]')?.textContent).toBe(
      'The payment request expired before it was approved.',
    );
    expect(screen.queryByText('The payment service is having trouble. Please try again in a moment.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Check the payment status' })).toBeNull();
    expect(view.container.querySelector('.momo-failed .momo-warning')?.textContent).toMatch(/Orange Money may refuse/);
    expect(bed.confirms()).toHaveLength(1);
  });
});

describe('the app step › on a computer, the QR code or what to do without it', () => {
  const AppStep = appStep(STEP_LIB);
  afterEach(() => void delete (window as { matchMedia?: unknown }).matchMedia);

  async function atAppStep(lib: StepLib = STEP_LIB, merchant?: string) {
    const bed = createBed();
    // Who is paid, as a service with the extension says it on the intent.
    if (merchant)
      bed.intercept(async (request) => {
        const answer = await bed.sandbox.fetch(request);
        if (request.method !== 'GET' || !request.url.includes('/payment-intents/')) return answer;
        const payee = { name: merchant, logo_url: null, support_email: null, support_phone: null };
        return Response.json({ ...(await answer.json()), merchant: payee });
      });
    const model = await bed.startAttempt('sn', 'wave');
    const shown = model.screen.value;
    const step = shown.name === 'pending' ? shown.attempt.step : null;
    if (shown.name !== 'pending' || step?.type !== 'step' || step.name !== 'open_wallet')
      throw new Error('no app step');
    const Step = lib === STEP_LIB ? AppStep : appStep(lib);
    render(<Step model={model} attempt={shown.attempt} lang="en" amount="5 000 F CFA" wallet="Wave" base="" />);
    return step.detail.url as string;
  }

  it('opens only an http(s) launch address: a script, data, a relative or broken one gets no link', () => {
    expect(launchUrl('https://pay.wave.com/c/x')).toBe('https://pay.wave.com/c/x');
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      '/v1/wallet',
      'https://pay wave',
      7,
    ])
      expect(launchUrl(url)).toBeNull();
  });

  it.each([
    ['on a computer', false],
    ['on a phone', true],
  ])(
    'without a launch address it may open (a `javascript:` one), %s: approve in the app, in every language; no link, no QR code',
    async (_, phone) => {
      if (phone)
        window.matchMedia = ((query: string) => ({
          matches: true,
          media: query,
        })) as unknown as typeof window.matchMedia;
      const bed = createBed();
      // The service's answers (the confirm's, the reads') with a launch address no page may open.
      bed.intercept(async (request) => {
        const answer = await bed.sandbox.fetch(request);
        if (!answer.ok) return answer;
        const body = (await answer.json()) as { next_action?: { open_wallet?: { url: string } } | null };
        if (body.next_action?.open_wallet) body.next_action.open_wallet.url = 'javascript:alert(document.domain)';
        return Response.json(body, { status: answer.status });
      });
      const model = await bed.startAttempt('sn', 'wave');
      const shown = model.screen.value;
      if (shown.name !== 'pending') throw new Error(shown.name);
      const loadPart = vi.fn(() => Promise.reject(new Error('not wanted')));
      const Step = appStep({ ...STEP_LIB, loadPart: loadPart as never });
      for (const lang of LANGS) {
        const values = { wallet: 'Wave', amount: '5 000 F CFA' };
        const view = render(<Step model={model} attempt={shown.attempt} lang={lang} {...values} base="" />);
        expect(view.container.querySelector('p')?.textContent).toBe(fill(APP_MESSAGES, lang, 'noLink', values));
        expect(view.container.querySelector('a, svg')).toBeNull();
        // The window the service gives is still told.
        expect(view.container.querySelector('.momo-timer')).not.toBeNull();
        view.unmount();
      }
      expect(fill(APP_MESSAGES, 'en', 'noLink', { wallet: 'Wave', amount: '5 000 F CFA' })).toBe(
        'Open the Wave app on your phone and approve the payment of 5 000 F CFA there, then come back to this page.',
      );
      expect(loadPart).not.toHaveBeenCalled();
    },
  );

  it('draws the launch address as a QR code from the encoder’s part, beside the link', async () => {
    const loadPart = vi.fn(async () => (text: string) => generate(text));
    const url = await atAppStep({ ...STEP_LIB, loadPart: loadPart as unknown as StepLib['loadPart'] });
    await waitFor(() => expect(document.querySelector('svg.momo-qr')).not.toBeNull());
    expect(loadPart).toHaveBeenCalledWith('qr', '');
    expect(document.querySelector('svg.momo-qr path')!.getAttribute('d')).toBe(qrPath(generate(url)));
    expect(screen.getByRole('img', { name: 'QR code of the Wave payment link' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Or open the payment link on this device' }).getAttribute('href')).toBe(
      url,
    );
  });

  it('when the encoder cannot be fetched: says to open the link on the phone, and the link is there', async () => {
    const url = await atAppStep({ ...STEP_LIB, loadPart: (() => Promise.reject(new Error('offline'))) as never });
    await waitFor(() => expect(screen.getByText(fill(APP_MESSAGES, 'en', 'qrFailed'))).toBeTruthy());
    expect(document.querySelector('svg.momo-qr')).toBeNull();
    const link = screen.getByRole('link', { name: 'Or open the payment link on this device' });
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual([
      url,
      '_blank',
      'noopener noreferrer',
    ]);
  });

  it('on a phone, for a merchant the service names: the link says who is paid', async () => {
    window.matchMedia = ((query: string) => ({ matches: true, media: query })) as unknown as typeof window.matchMedia;
    const url = await atAppStep(STEP_LIB, 'Boutique Awa');
    const open = screen.getByRole('link', { name: 'Open Wave and pay 5 000 F CFA to Boutique Awa' });
    expect(open.getAttribute('href')).toBe(url);
  });

  it('on a phone: one large link, and the encoder never fetched', async () => {
    window.matchMedia = ((query: string) => ({ matches: true, media: query })) as unknown as typeof window.matchMedia;
    const loadPart = vi.fn(() => Promise.reject(new Error('not wanted')));
    const url = await atAppStep({ ...STEP_LIB, loadPart: loadPart as never });
    const open = screen.getByRole('link', { name: 'Open Wave and pay 5 000 F CFA' });
    expect([open.getAttribute('href'), open.getAttribute('class')]).toEqual([url, 'momo-pay momo-open']);
    expect(document.querySelector('svg.momo-qr')).toBeNull();
    expect(loadPart).not.toHaveBeenCalled();
  });
});

// Proven by the type check (`npm run typecheck`): each @ts-expect-error fails it if the line below
// it ever compiles. The steps' messages are typed as the catalogues are (src/i18n/messages.ts).
describe('the steps’ messages › the compiler checks them', () => {
  it('refuses a message shown without a value its text needs, or with values it has no place for', () => {
    // @ts-expect-error the text needs {dial}
    expect(fill(CODE_MESSAGES, 'en', 'wrong')).toContain('{dial}');
    // @ts-expect-error the text needs {length}, not {digits}
    fill(CODE_MESSAGES, 'en', 'hint', { digits: 6 });
    // @ts-expect-error the label takes no value
    fill(CODE_MESSAGES, 'en', 'label', { length: 6 });
    expect(fill(CODE_MESSAGES, 'fr', 'hint', { length: 6 })).toBe('6 chiffres');
  });

  it('refuses a language that lacks a key, or a placeholder of the English text', () => {
    type Code = StepMessages<typeof CODE_MESSAGES.en>;
    const { refused: _, ...withoutRefused } = CODE_MESSAGES.fr;
    // @ts-expect-error French lacks 'refused'
    const lacking: Code = { ...CODE_MESSAGES, fr: withoutRefused };
    // @ts-expect-error the text of 'wrongMenu' must hold {wallet}
    const unfilled: Code = { ...CODE_MESSAGES, pt: { ...CODE_MESSAGES.pt, wrongMenu: 'Código errado.' } };
    const reworded: Code = {
      ...CODE_MESSAGES,
      es: { ...CODE_MESSAGES.es, wrongMenu: 'Código erróneo: menú {wallet}.' },
    };
    expect([lacking.en.refused, unfilled.pt.wrongMenu, reworded.es.wrongMenu]).toEqual([
      CODE_MESSAGES.en.refused,
      'Código errado.',
      'Código erróneo: menú {wallet}.',
    ]);
  });
});
