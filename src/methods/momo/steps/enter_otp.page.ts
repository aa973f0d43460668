// The one-time code step in the page without JavaScript (src/server/plain-status.ts): the same
// words as the step's script (./enter_otp.ts), a form that posts the code to the server, which reads
// it here (`answer`) and sends it once to the service's endpoint for it (src/server/plain-answer.ts).
// No refresh: it would take away the code the payer is typing.
import type { StepPage } from '../../steps';
import { CODE_MESSAGES, codeDetail, telOf } from './enter_otp';
import { fillerOf } from './fill';

export const enterOtpPage: StepPage = {
  heading: (lang, _wallet, fillText) => fillerOf(fillText)(CODE_MESSAGES, lang, 'heading'),
  refresh: 0,
  answer: {
    path: 'otp',
    // The code as typed, spaces aside: of the step's length, else said so on the form again.
    read: (form, detail) => {
      const code = (form.get('code') ?? '').replace(/\s/g, '');
      return new RegExp(`^\\d{${codeDetail(detail).length}}$`).test(code) ? { answer: { code } } : { refused: 'short' };
    },
  },
  html({ lang, detail, wallet, amount, phone, esc, fillText, form, refused, check }) {
    const fill = fillerOf(fillText);
    const { dial, length } = codeDetail(detail);
    // The code to dial, wherever a text names it, as a link the phone's dialler opens (with the
    // text escaped around it): nothing to copy by hand, on a feature phone least of all.
    const withDial = (text: string) =>
      esc(text)
        .split('\u0000')
        .join(dial ? `<a href="${esc(telOf(dial))}" dir="ltr">${esc(dial)}</a>` : '');
    const intro = dial
      ? withDial(fill(CODE_MESSAGES, lang, 'dial', { dial: '\u0000', phone }))
      : esc(fill(CODE_MESSAGES, lang, 'menu', { wallet, phone }));
    // Why the last code was not taken, as the step's script says it.
    const problem =
      refused === 'short'
        ? esc(fill(CODE_MESSAGES, lang, 'short', { length }))
        : refused === 'otp_invalid'
          ? withDial(fill(CODE_MESSAGES, lang, dial ? 'wrong' : 'wrongMenu', { dial: '\u0000', wallet }))
          : refused
            ? esc(fill(CODE_MESSAGES, lang, 'refused'))
            : null;
    const error = problem ? `<p class="err" id="e-code">${problem}</p>` : '';
    return (
      `<p>${intro}</p><form method="post" action="${esc(form.action)}" novalidate>${form.hidden}` +
      `<label for="p-code">${esc(fill(CODE_MESSAGES, lang, 'label'))}</label><input id="p-code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="${length}" dir="ltr"${error ? ' aria-invalid="true" aria-describedby="e-code"' : ''}>${error}` +
      `<button type="submit">${esc(fill(CODE_MESSAGES, lang, 'send', { amount }))}</button></form>${check}`
    );
  },
};
