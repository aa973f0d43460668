// How the sandbox plays the wallet's-app step (src/methods/momo/sandbox.ts, StepEmulation): the
// launch address is the sandbox's own wallet page for the attempt (`page`, served by
// src/sandbox/routes/approvals.ts), under a secret made when the attempt starts; its Approve
// approves, its Decline fails the attempt (`payer_declined`), and it answers once. Server code: a
// payer's page never imports it.
import { randomBytes } from 'node:crypto';
import type { StepEmulation } from '../sandbox';

export const openWalletSandbox: StepEmulation = {
  start: (attempt) => {
    attempt.openWalletToken = randomBytes(16).toString('hex');
  },
  awaits: (attempt) => !(attempt.steps ?? []).some((step) => step.kind === 'open_wallet'),
  detail: (attempt, { base, intentId }) => ({
    url: `${base}/v1/_sandbox/wallet/${intentId}/${attempt.openWalletToken ?? ''}`,
  }),
  judge: (answer) => (answer.kind !== 'open_wallet' ? null : answer.approved ? 'approved' : 'payer_declined'),
  page: {
    path: 'wallet',
    title: 'Wallet — sandbox',
    token: (attempt) => attempt.openWalletToken,
    html: ({ status, wallet, amount, number, form }) => {
      if (status === 'succeeded')
        return `<h1>${wallet}</h1><p>Paiement approuvé : ${amount}.</p><p>Payment approved. Go back to the merchant's page.</p>`;
      if (status === 'failed')
        return `<h1>${wallet}</h1><p>Paiement refusé ou expiré.</p><p>Payment declined or expired. Go back to the merchant's page.</p>`;
      return `<h1>${wallet} — sandbox</h1>
<p>Payer <strong>${amount}</strong> depuis le compte ${number}.<br>Pay <strong>${amount}</strong> from account ${number}.</p>
${form}<button name="answer" value="approve">Approuver · Approve</button> <button name="answer" value="decline">Refuser · Decline</button></form>
<p><small>Sandbox: this page plays the wallet's app. Nothing is charged.</small></p>`;
    },
    read: ({ answer }) =>
      answer === 'approve' || answer === 'decline' ? { kind: 'open_wallet', approved: answer === 'approve' } : null,
  },
};
