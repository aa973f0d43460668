// How the sandbox plays the one-time code step (src/methods/momo/sandbox.ts, StepEmulation): the
// code to dial where a source gives it (../approval.ts), a right code (RIGHT_CODE) approves, a
// wrong one is taken up to MAX_WRONG_CODES times, the last failing the attempt (`otp_invalid`), as
// operators block a code guessed at. The code comes through the service's endpoint for it,
// `POST /v1/payment-intents/{id}/otp` (its HTTP is the sandbox's: src/sandbox/routes/approvals.ts).
// Server code: a payer's page never imports it.
import { approvalOf, SANDBOX_CODE_LENGTH } from '../approval';
import type { ApprovedAttempt, PayerStep, StepEmulation } from '../sandbox';

/** Test codes (docs/sandbox.md): this one is right; any other is wrong, `000000` being the documented one. */
export const RIGHT_CODE = '123456';
/** Wrong codes an attempt takes: the next one fails it, as operators block a code guessed at. */
export const MAX_WRONG_CODES = 3;

const codes = (steps: readonly PayerStep[] | undefined) => (steps ?? []).filter((step) => step.kind === 'enter_otp');

const NOT_EXPECTED = {
  code: 'otp_not_expected',
  message: 'No attempt of this payment intent waits for a one-time code.',
} as const;

export const enterOtpSandbox: StepEmulation = {
  // Until a right code, or as many wrong ones as it takes.
  awaits: (attempt: ApprovedAttempt) => {
    const typed = codes(attempt.steps);
    return !typed.some((step) => step.right) && typed.length < MAX_WRONG_CODES;
  },
  detail: (attempt) => {
    const approval = approvalOf(attempt.country, attempt.operator);
    return { dial_code: approval.kind === 'enter_otp' ? approval.dial : null, length: SANDBOX_CODE_LENGTH };
  },
  judge: (answer, earlier) => {
    if (answer.kind !== 'enter_otp') return null;
    if (answer.right) return 'approved';
    return codes(earlier).filter((step) => !step.right).length + 1 >= MAX_WRONG_CODES ? 'otp_invalid' : null;
  },
  endpoint: {
    path: 'otp',
    // The contract's OtpRequest (src/api/schemas/requests.ts): 4 to 8 digits.
    read: ({ code }) =>
      typeof code === 'string' && /^\d{4,8}$/.test(code)
        ? { kind: 'enter_otp', right: code === RIGHT_CODE }
        : { code: 'otp_invalid', message: 'The one-time code must be 4 to 8 digits.', field: 'code' },
    notExpected: NOT_EXPECTED,
    expired: {
      code: 'otp_expired',
      message: 'The attempt this code was for has expired: the payer generates a new code and pays again.',
    },
    refusal: (attempt) => {
      const typed = codes(attempt.steps);
      if (typed.at(-1)?.right) return null;
      const left = MAX_WRONG_CODES - typed.length;
      return {
        code: 'otp_invalid',
        message:
          left > 0
            ? `The one-time code is wrong; ${left} more may be tried.`
            : 'The one-time code is wrong; the attempt has failed.',
        field: 'code',
      };
    },
  },
};
