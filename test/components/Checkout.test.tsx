import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { Checkout } from '../../src/components/Checkout';
import { ATTEMPT_ERRORS } from '../../src/components/Outcome';
import { frOutcomes } from '../../src/i18n/fr-outcomes';
import { frScreens } from '../../src/i18n/fr-screens';
import type { CheckoutModel as Model } from '../../src/checkout/model';
import { type Lang, LANGS, LANGUAGES } from '../../src/i18n';
import { formatTime } from '../../src/i18n/format';
import { sessionReader } from '../../src/checkout/session';
import { createBed, numberFor } from '../support/checkout-bed';
import { codeAnswer } from '../../src/methods/momo/steps/enter_otp';

async function setup(lang: Lang = 'fr', amount = 5000) {
  const bed = createBed();
  const model = await bed.open({ secret: (await bed.newIntent(amount)).secret });
  const onLangChange = vi.fn();
  const view = render(<Checkout model={model} lang={lang} onLangChange={onLangChange} />);
  const root = () => view.container.querySelector('.momo')!;
  return { bed, model, view, root, onLangChange };
}

function type(label: RegExp | string, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.input(input, { target: { value } });
  fireEvent.blur(input);
  return input;
}

function fillValid(model: Model, outcome: Parameters<typeof numberFor>[0] = 'approved_after_delay') {
  const number = numberFor(outcome);
  type(/^(Prénom|First name)$/, 'Jean-Étienne');
  type(/^(Nom|Last name)$/, 'Mabiala');
  type(/^(E-mail pour votre reçu|E-mail for your receipt)$/, 'jean@example.cg');
  type(/^(Numéro mobile money|Mobile money number)$/, number.national);
  expect(model.values.value.operator).toBe('mtn');
  return number;
}

describe('Checkout › form', () => {
  it('shows the amount the French way and labels every field in French', async () => {
    const { root } = await setup('fr', 5000);
    expect(root().getAttribute('data-state')).toBe('form');
    expect(screen.getByRole('button', { name: /^Payer 5\s000\sFCFA$/ })).toHaveProperty('type', 'submit');
    for (const label of ['Prénom', 'Nom', 'E-mail pour votre reçu', 'Pays', 'Numéro mobile money'])
      expect(screen.getByLabelText(label)).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Opérateur mobile money' })).toBeTruthy();
  });

  it('shows the amount the English way in English', async () => {
    await setup('en', 1_250_000);
    expect(screen.getByRole('button', { name: /^Pay FCFA\s1,250,000$/ })).toBeTruthy();
    expect(screen.getByLabelText('First name')).toBeTruthy();
  });

  it('uses the standard autocomplete tokens, input modes and API operator values', async () => {
    await setup('en');
    expect(screen.getByLabelText('First name').getAttribute('autocomplete')).toBe('given-name');
    expect(screen.getByLabelText('Last name').getAttribute('autocomplete')).toBe('family-name');
    expect(screen.getByLabelText('E-mail for your receipt').getAttribute('autocomplete')).toBe('email');
    const phone = screen.getByLabelText('Mobile money number');
    expect([phone.getAttribute('autocomplete'), phone.getAttribute('inputmode'), phone.getAttribute('type')]).toEqual([
      'tel-national',
      'tel',
      'tel',
    ]);
    const radios = within(screen.getByRole('group', { name: 'Mobile money operator' })).getAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).value)).toEqual(['mtn', 'airtel']);
  });

  it('switches language from the first screen', async () => {
    const { onLangChange } = await setup('fr');
    const select = screen.getByRole('combobox', { name: 'Langue' }) as HTMLSelectElement;
    // Every language of the table, each named in itself; French and English first (Congo), then the table's order.
    expect([...select.options].map((option) => [option.value, option.text, option.lang])).toEqual(
      LANGUAGES.map(({ code, name }) => [code, name, code]),
    );
    expect(LANGS.slice(0, 2)).toEqual(['fr', 'en']);
    fireEvent.change(select, { target: { value: 'en' } });
    expect(onLangChange).toHaveBeenCalledWith('en');
  });

  it('accepts names with accents, hyphens and apostrophes', async () => {
    const { model } = await setup('fr');
    type('Prénom', 'Marie-Thérèse');
    type('Nom', "N'Guessan Ébodé");
    expect(model.visibleErrors.value.firstName).toBeUndefined();
    expect(model.visibleErrors.value.lastName).toBeUndefined();
  });
});

describe('Checkout › validation messages', () => {
  const cases: [Lang, string, string, string][] = [
    ['fr', 'Prénom', '', 'Saisissez votre prénom.'],
    ['fr', 'Prénom', 'J3an', 'Utilisez uniquement des lettres (accents, traits d’union et apostrophes acceptés).'],
    ['fr', 'Nom', '', 'Saisissez votre nom.'],
    ['fr', 'Nom', 'N'.repeat(101), 'Saisissez au plus 100 caractères.'],
    ['en', 'First name', 'Awa'.repeat(34), 'Use 100 characters at most.'],
    ['fr', 'E-mail pour votre reçu', '', 'Saisissez une adresse e-mail pour recevoir votre reçu.'],
    ['fr', 'E-mail pour votre reçu', 'jean@', 'Saisissez une adresse e-mail valide, par exemple nom@exemple.com.'],
    ['fr', 'Numéro mobile money', '', 'Saisissez votre numéro mobile money.'],
    ['fr', 'Numéro mobile money', '06 12', 'Ce numéro est trop court.'],
    ['fr', 'Numéro mobile money', '06 123 4567 8901 23', 'Ce numéro est trop long.'],
    ['en', 'First name', '', 'Enter your first name.'],
    ['en', 'Last name', '<script>', 'Use letters only (accents, hyphens and apostrophes are fine).'],
    ['en', 'E-mail for your receipt', 'a b@c.cg', 'Enter a valid e-mail address, like name@example.com.'],
    ['en', 'Mobile money number', '', 'Enter your mobile money number.'],
    ['en', 'Mobile money number', '12', 'This number is too short.'],
  ];

  it.each(cases)('in %s, %s = %j says %j after leaving the field', async (lang, label, value, message) => {
    await setup(lang);
    const input = screen.getByLabelText(label);
    fireEvent.input(input, { target: { value } });
    expect(screen.queryByText(message)).toBeNull();
    fireEvent.blur(input);
    expect(screen.getByText(message)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(`${input.id}-error`);
  });

  it('names the country of an invalid number in the payer language', async () => {
    const fr = await setup('fr');
    type('Numéro mobile money', '07 123 4567');
    expect(
      screen.getByText('Ce numéro n’est pas un numéro mobile valide pour ce pays (Congo-Brazzaville).'),
    ).toBeTruthy();
    fr.view.unmount();
    await setup('en');
    type('Mobile money number', '07 123 4567');
    expect(screen.getByText('This is not a valid mobile number for Congo-Brazzaville.')).toBeTruthy();
  });

  it('names the country when the service refuses a number our rules accepted', async () => {
    const { bed, model, root } = await setup('en');
    fillValid(model);
    bed.intercept(async (request) =>
      request.method === 'POST'
        ? Response.json(
            { error: { code: 'invalid_request', message: 'no', field: 'payment_method_data.momo.msisdn' } },
            { status: 400 },
          )
        : undefined,
    );
    fireEvent.submit(root().querySelector('form')!);
    await bed.time.settle();
    expect(screen.getByText('This is not a valid mobile number for Congo-Brazzaville.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Please correct the highlighted fields.');
  });

  it('asks for an operator when none is chosen, in both languages', async () => {
    const fr = await setup('fr');
    fireEvent.submit(fr.root().querySelector('form')!);
    expect(screen.getByText('Choisissez votre opérateur mobile money.')).toBeTruthy();
    fr.view.unmount();
    await setup('en');
    fireEvent.submit(document.querySelector('form')!);
    expect(screen.getByText('Choose your mobile money operator.')).toBeTruthy();
  });

  it("warns, without blocking, when the number is on another network than the wallet's", async () => {
    const { model } = await setup('fr');
    fireEvent.click(screen.getByRole('radio', { name: 'Airtel Money' }));
    type('Numéro mobile money', numberFor('approved_after_delay').national);
    expect(
      screen.getByText(
        'Ce numéro est sur le réseau MTN, non desservi par Airtel Money. Vérifiez le numéro ou choisissez un autre opérateur.',
      ),
    ).toBeTruthy();
    expect(model.values.value.operator).toBe('airtel');
  });

  it('on submit with errors: says so, moves focus to the first field to fix, sends nothing', async () => {
    const { bed, root } = await setup('fr');
    fireEvent.submit(root().querySelector('form')!);
    await bed.time.settle();
    expect(screen.getByRole('alert').textContent).toBe('Veuillez corriger les champs signalés.');
    // The number comes first on the form: a mobile-money payment is its number and wallet.
    expect(document.activeElement).toBe(screen.getByLabelText('Numéro mobile money'));
    expect(bed.confirms()).toHaveLength(0);
  });
});

describe('Checkout › payment states', () => {
  it('goes from form to confirming (locked) to pending to a receipt', async () => {
    const { bed, model, root } = await setup('fr', 5000);
    fillValid(model);
    fireEvent.submit(root().querySelector('form')!);
    expect(root().getAttribute('data-state')).toBe('confirming');
    const pay = screen.getByRole('button', { name: /Envoi de la demande/ });
    expect(pay).toHaveProperty('disabled', true);
    await bed.time.settle();
    expect(root().getAttribute('data-state')).toBe('pending');
    const heading = screen.getByRole('heading', { name: 'Validez le paiement sur votre téléphone' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(
      screen.getByText(/Nous avons envoyé une demande de paiement de 5\s000\sFCFA au .*\d\d\. Ouvrez MTN MoMo/),
    ).toBeTruthy();
    // The number in full, as typed: a typo can be seen while it can still be put right.
    const typed = numberFor('approved_after_delay').national;
    expect(root().querySelector('.momo-pending')!.textContent!.replace(/\D/g, '')).toContain(typed.replace(/\D/g, ''));
    expect(screen.getByText(/Temps restant pour valider : [45]:\d\d/)).toBeTruthy();
    await bed.time.advance(5000);
    expect(root().getAttribute('data-state')).toBe('succeeded');
    const receipt = root().querySelector('dl')!;
    expect(within(receipt).getByText(/^5\s000\sFCFA$/)).toBeTruthy();
    expect(within(receipt).getByText('MTN MoMo')).toBeTruthy();
    expect(within(receipt).getByText(/^[0-9A-HJKMNP-TV-Z]{3}-[0-9A-HJKMNP-TV-Z]{3}$/)).toBeTruthy();
    expect(receipt.textContent).not.toContain(numberFor('approved_after_delay').msisdn.slice(3, 9));
  });

  it('copies the receipt as its lines with a value, one a line, the payer’s number left out', async () => {
    const { bed, model, root } = await setup('fr', 5000);
    fillValid(model);
    fireEvent.submit(root().querySelector('form')!);
    await bed.time.advance(8500);
    expect(root().getAttribute('data-state')).toBe('succeeded');
    const writeText = vi.fn((_text: string) => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Copier le reçu' }));
    } finally {
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    }
    const lines = writeText.mock.calls[0]![0].split('\n');
    expect(lines[0]).toBe('Paiement réussi');
    expect(lines).toContainEqual(expect.stringMatching(/^Montant: 5\s000\sFCFA$/));
    expect(lines).toContainEqual(expect.stringMatching(/^Référence: [0-9A-HJKMNP-TV-Z]{3}-[0-9A-HJKMNP-TV-Z]{3}$/));
    expect(lines).toContainEqual(expect.stringMatching(/^Date: /));
    // A line without a value (a merchant without a name) is left out, not written empty.
    expect(lines.every((line) => /^\S.*\S$/.test(line) && !line.endsWith(': undefined'))).toBe(true);
    expect(lines.join('\n').replace(/\D/g, '')).not.toContain(numberFor('approved_after_delay').msisdn.slice(3, 9));
  });

  it('shows a decline in plain words and lets the payer try again', async () => {
    const { bed, model, root } = await setup('en');
    fillValid(model, 'declined');
    fireEvent.submit(root().querySelector('form')!);
    await bed.time.advance(5000);
    expect(root().getAttribute('data-state')).toBe('failed');
    expect(screen.getByText('The payment was declined on your phone.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use another number or operator' }));
    expect(root().getAttribute('data-state')).toBe('form');
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Jean-Étienne');
  });

  it('"I have approved — check now" reads the status at once', async () => {
    const { bed, model, root } = await setup('en');
    fillValid(model);
    fireEvent.submit(root().querySelector('form')!);
    await bed.time.advance(3500);
    expect(root().getAttribute('data-state')).toBe('pending');
    bed.time.skip(600);
    const reads = bed.reads().length;
    fireEvent.click(screen.getByRole('button', { name: 'I have approved — check now' }));
    await bed.time.settle();
    expect(bed.reads().length).toBe(reads + 1);
    expect(root().getAttribute('data-state')).toBe('succeeded');
  });

  it('shows a clear error screen for an unknown payment', async () => {
    const bed = createBed();
    const model = await bed.open({ secret: 'pi_missing00000000000000_secret_abcdefabcdef' });
    const view = render(<Checkout model={model} lang="fr" onLangChange={() => {}} />);
    expect(view.container.querySelector('.momo')?.getAttribute('data-state')).toBe('error');
    expect(screen.getByRole('alert').textContent).toBe(
      'Ce paiement est introuvable. Demandez un nouveau lien de paiement au marchand.',
    );
  });
});

describe('Checkout › a payment the service no longer finds', () => {
  it('says what to do, offers a check and the way back to the merchant, in both languages', async () => {
    for (const [lang, message, check, back] of [
      [
        'fr',
        /^Ce paiement est devenu introuvable\. Si vous l’avez validé, ne payez pas une deuxième fois/,
        'Vérifier l’état du paiement',
        'Annuler et revenir chez le marchand',
      ],
      [
        'en',
        /^This payment can no longer be found\. If you approved it, do not pay again/,
        'Check the payment status',
        'Cancel and return to the merchant',
      ],
    ] as const) {
      const bed = createBed();
      const model = await bed.open({ secret: (await bed.newIntent()).secret, onCancel: () => {} });
      const view = render(<Checkout model={model} lang={lang} onLangChange={() => {}} />);
      fillValid(model, 'never_approved');
      fireEvent.submit(view.container.querySelector('form')!);
      await bed.time.settle();
      bed.intercept(async () =>
        Response.json({ error: { code: 'not_found', message: 'gone', field: null } }, { status: 404 }),
      );
      await bed.time.advance(2000);
      expect(view.container.querySelector('.momo')?.getAttribute('data-state')).toBe('error');
      expect(screen.getByRole('alert').textContent).toMatch(message);
      expect(screen.getByRole('button', { name: check })).toBeTruthy();
      expect(screen.getByRole('button', { name: back })).toBeTruthy();
      view.unmount();
    }
  });
});

describe('Checkout › the error screens whose messages come with the screens’ parts', () => {
  it('are exactly the errors whose French message is the parts’: the page shows them only once they are here', () => {
    // The hosted page and widget.js leave the parts' messages out of their first load: an error
    // screen in the first load (ErrorView) showing one of them before its part arrived would throw.
    // (Not the form's notices the screens' part's sending half says, src/checkout/send.ts: no error screen.)
    const notices = ['error.notSent', 'error.rateLimited'];
    const ofPart = [...Object.keys(frScreens), ...Object.keys(frOutcomes)]
      .filter((key) => key.startsWith('error.') && !notices.includes(key))
      .map((key) => key.slice('error.'.length));
    expect([...ATTEMPT_ERRORS].sort()).toEqual(ofPart.sort());
  });
});

describe('Checkout › typing a phone number', () => {
  it('leaves the caret alone in a field kept as typed, hyphens included', async () => {
    await setup('en');
    const input = screen.getByLabelText('Last name') as HTMLInputElement;
    input.focus();
    for (const char of "N'Goma-Mbemba") {
      input.value += char;
      input.setSelectionRange(input.value.length, input.value.length);
      fireEvent.input(input);
      await waitFor(() => expect(input.selectionStart).toBe(input.value.length));
    }
    expect(input.value).toBe("N'Goma-Mbemba");
  });

  it('keeps the caret where the payer corrects a digit in the middle of a formatted number', async () => {
    await setup('en');
    const input = screen.getByLabelText('Mobile money number') as HTMLInputElement;
    input.focus();
    fireEvent.input(input, { target: { value: '061234567' } });
    await waitFor(() => expect(input.value).toBe('06 123 4567'));
    // The payer deletes the "2" of "06 123 4567": the caret sits after "06 1".
    input.value = '06 13 4567';
    input.setSelectionRange(4, 4);
    fireEvent.input(input);
    await waitFor(() => expect(input.value).toBe('06 134 567'));
    expect(input.selectionStart).toBe(4);
    // Then types a 9 there: "06 1934 567" before formatting, the caret after the 9.
    input.value = '06 1934 567';
    input.setSelectionRange(5, 5);
    fireEvent.input(input);
    await waitFor(() => expect(input.value).toBe('06 193 4567'));
    expect(input.selectionStart).toBe(5);
  });
});

describe('Checkout › what is paid for', () => {
  it("shows a bare intent's description above the total", async () => {
    const bed = createBed();
    const intent = await bed.merchant.createIntent({
      amount: 3500,
      currency: 'xaf',
      description: 'Commande A-17 · 2 sacs de riz',
    });
    const model = await bed.open({ secret: intent.client_secret! });
    const view = render(<Checkout model={model} lang="fr" onLangChange={() => {}} />);
    expect(view.container.querySelector('.momo-description')?.textContent).toBe('Commande A-17 · 2 sacs de riz');
  });

  it('shows a description carrying HTML as text: nothing of it becomes markup', async () => {
    const bed = createBed();
    const hostile = '<img src=x onerror="window.__pwned=1"><b>Commande</b>';
    const intent = await bed.merchant.createIntent({ amount: 3500, currency: 'xaf', description: hostile });
    const model = await bed.open({ secret: intent.client_secret! });
    const view = render(<Checkout model={model} lang="fr" onLangChange={() => {}} />);
    expect(view.container.querySelector('.momo-description')?.textContent).toBe(hostile);
    expect(view.container.querySelectorAll('.momo-summary img, .momo-summary b')).toHaveLength(0);
  });

  it('shows no direction override of a merchant text: a description or a name cannot reorder the line it stands in', async () => {
    const bed = createBed();
    bed.intercept(async (request) => {
      if (request.method !== 'GET') return undefined;
      const body = await (await bed.sandbox.fetch(request)).json();
      return Response.json({
        ...body,
        description: '\u202eRiz 5 kg',
        merchant: { name: 'Boutique\u2067 Awa', logo_url: null, support_email: null, support_phone: null },
      });
    });
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    const view = render(<Checkout model={model} lang="fr" onLangChange={() => {}} />);
    const description = view.container.querySelector('.momo-description');
    expect(description?.textContent).toBe('Riz 5 kg');
    expect(description?.getAttribute('dir')).toBe('auto');
    expect(view.container.querySelector('.momo-title')?.textContent).toBe('Boutique Awa');
    expect(view.container.textContent).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });

  it("lists a session's items with their line totals, the unit price only when there are several", async () => {
    const bed = createBed();
    const session = await bed.merchant.createSession({
      total: 17_000,
      currency: 'xaf',
      accountId: 'acct_shop',
      successUrl: 'https://shop.example/ok',
      cancelUrl: 'https://shop.example/cart',
      metadata: {},
      items: [
        { productId: 'prt_wax', quantity: 1, price: 10_000, productName: 'Pagne wax' },
        { productId: 'prt_cafe', quantity: 2, price: 3_500, productName: "Café de l'Ouest, 500 g" },
      ],
    });
    const model = await bed.open({ readSession: sessionReader(bed.api, session.id), secret: session.clientSecret });
    const view = render(<Checkout model={model} lang="fr" onLangChange={() => {}} />);
    const rows = [...view.container.querySelectorAll('.momo-items li')].map((li) =>
      li.textContent?.replace(/\s/g, ' '),
    );
    expect(rows).toEqual(['Pagne wax10 000 FCFA', "Café de l'Ouest, 500 g2 × 3 500 FCFA7 000 FCFA"]);
    // "2 × 3 500 FCFA" never breaks between its parts.
    expect(view.container.querySelector('.momo-item-unit')?.textContent).toMatch(/^2\u00a0×\u00a03\s500\sFCFA$/);
  });
});

describe('Checkout › what the waiting screen says', () => {
  it('"check now" says it is checking, then what it found and when', async () => {
    const bed = createBed({ approvalMs: 60_000 });
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    const view = render(<Checkout model={model} lang="en" onLangChange={() => {}} />);
    fillValid(model);
    fireEvent.submit(view.container.querySelector('form')!);
    await bed.time.settle();
    expect(screen.getByRole('status').textContent).toBe('Waiting for your approval…');
    // The read the payer asked for, held until the test lets it through.
    let release: () => void = () => {};
    bed.intercept(async (request) => {
      if (request.method === 'GET') await new Promise<void>((resolve) => (release = resolve));
      return undefined;
    });
    fireEvent.click(screen.getByRole('button', { name: 'I have approved — check now' }));
    await bed.time.settle();
    const checking = screen.getByRole('button', { name: 'Checking…' });
    expect([checking.hasAttribute('disabled'), checking.getAttribute('aria-busy')]).toEqual([true, 'true']);
    bed.intercept(async () => undefined);
    release();
    await bed.time.settle();
    expect(screen.getByRole('status').textContent).toBe(
      `Not approved yet (checked at ${formatTime(bed.time.now(), 'en')}).`,
    );
    expect(screen.getByRole('button', { name: 'I have approved — check now' })).toHaveProperty('disabled', false);
  });

  it('says when a mistyped number can be replaced: at the window the service gives, or once it expires', async () => {
    const bed = createBed({ approvalMs: 60_000 });
    const model = await bed.open({ secret: (await bed.newIntent()).secret });
    const view = render(<Checkout model={model} lang="en" onLangChange={() => {}} />);
    fillValid(model);
    fireEvent.submit(view.container.querySelector('form')!);
    await bed.time.settle();
    const shown = model.screen.value;
    const expiresAt = shown.name === 'pending' ? shown.attempt.expiresAt : null;
    expect(expiresAt).toBeGreaterThan(bed.time.now());
    expect(
      screen.getByText(
        `Wrong number? This request expires at ${formatTime(expiresAt!, 'en')}; you can then send a new one to another number.`,
      ),
    ).toBeTruthy();
    view.unmount();
    // A bare service gives no window: no time is made up.
    const bare = createBed({ extensions: false });
    const plain = await bare.open({ secret: (await bare.newIntent()).secret });
    render(<Checkout model={plain} lang="en" onLangChange={() => {}} />);
    fillValid(plain);
    fireEvent.submit(document.querySelector('form')!);
    await bare.time.settle();
    expect(
      screen.getByText(
        'No prompt, or a wrong number? When this request expires you can send a new one, to this number or another.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Wrong number\? This request expires at/)).toBeNull();
  });

  it('warns before Orange Money is paid again from the same number: on the failure screen and in the form', async () => {
    const bed = createBed();
    const intent = await bed.merchant.createIntent({ amount: 5000, currency: 'xof' });
    const model = await bed.open({ secret: intent.client_secret ?? '', defaultCountry: 'sn' });
    const view = render(<Checkout model={model} lang="en" onLangChange={() => {}} />);
    bed.fill(model, 'approved_after_delay', 'sn', 'orange');
    await model.submit();
    await bed.time.settle();
    const warning =
      'Orange Money may refuse the same amount from the same number a few minutes after a try. If it does, wait a few minutes or use another number.';
    expect(screen.queryByText(warning)).toBeNull();
    for (let i = 0; i < 3; i++) {
      await model.answerStep(codeAnswer('000000'));
      await bed.time.settle();
    }
    expect(view.container.querySelector('.momo')!.getAttribute('data-state')).toBe('failed');
    expect(screen.getByText('The payment code was wrong too many times.')).toBeTruthy();
    expect(screen.getByText(warning).getAttribute('role')).toBe('status');
    fireEvent.click(screen.getByRole('button', { name: 'Use another number or operator' }));
    expect(view.container.querySelector('.momo')!.getAttribute('data-state')).toBe('form');
    expect(screen.getByText(warning)).toBeTruthy();
    // Another number: nothing to warn about.
    model.setField('phone', numberFor('approved_after_delay', 'sn', 'mixx').national);
    await bed.time.settle();
    expect(screen.queryByText(warning)).toBeNull();
  });
});
