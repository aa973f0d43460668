// How the sandbox plays the wallet's-app step (src/methods/momo/sandbox.ts, StepEmulation): the
// launch address is the sandbox's own wallet page for the attempt (src/sandbox/routes/approvals.ts),
// under a secret made when the attempt starts; its Approve approves, its Decline fails the attempt
// (`payer_declined`), and it answers once. Server code: a payer's page never imports it.
import { randomBytes } from 'node:crypto';
import type { StepEmulation } from '../sandbox';

export const openWalletSandbox: StepEmulation = {
  start: (attempt) => {
    attempt.walletToken = randomBytes(16).toString('hex');
  },
  awaits: (attempt) => !(attempt.steps ?? []).some((step) => step.kind === 'wallet'),
  detail: (attempt, { base, intentId }) => ({
    url: `${base}/v1/_sandbox/wallet/${intentId}/${attempt.walletToken ?? ''}`,
  }),
  judge: (answer) => (answer.kind !== 'wallet' ? null : answer.approved ? 'approved' : 'payer_declined'),
};
