// Journals written by earlier versions, read back under today's names: each step is called by the
// service's name for it (`next_action.type`: `enter_otp`, `open_wallet`) everywhere — the attempt's
// `approval`, the kind of each of the payer's steps, the wallet page's secret — but older lines said
// 'otp' and 'app', 'code' and 'wallet', `walletToken`. A line is renamed once, as it is read
// (./journal `decode`); what is written afterwards, and the next snapshot, use the new names only.
import type { PayerStep } from '../../methods/momo/sandbox';
import type { AttemptRecord, Entry } from '../store/records';

/** An attempt's approval, as journals before the steps took the service's names called it. */
const FORMER_APPROVALS: Readonly<Record<string, string>> = { otp: 'enter_otp', app: 'open_wallet' };
/** A payer's step, by the kind earlier journals gave it. */
const FORMER_STEPS: Readonly<Record<string, PayerStep['kind']>> = { code: 'enter_otp', wallet: 'open_wallet' };

/** A step as an earlier journal may hold it. */
type AnyStep = Omit<PayerStep, 'kind'> & { kind: string };
/** An attempt as an earlier journal may hold it. */
type AnyAttempt = Omit<AttemptRecord, 'steps'> & { steps?: AnyStep[]; walletToken?: string };

function renameStep(step: AnyStep): void {
  step.kind = FORMER_STEPS[step.kind] ?? step.kind;
}

function renameAttempt(attempt: AnyAttempt): void {
  if (attempt.approval) attempt.approval = FORMER_APPROVALS[attempt.approval] ?? attempt.approval;
  for (const step of attempt.steps ?? []) renameStep(step);
  if (attempt.walletToken !== undefined) {
    attempt.openWalletToken = attempt.walletToken;
    delete attempt.walletToken;
  }
}

/** The entry under today's names (renamed in place: it was just parsed, nothing else holds it). */
export function withCurrentNames(entry: Entry): Entry {
  switch (entry.kind) {
    case 'intent':
      for (const attempt of entry.record.attempts) renameAttempt(attempt);
      break;
    case 'attempt':
      renameAttempt(entry.record);
      break;
    case 'step':
      renameStep(entry.record);
      break;
  }
  return entry;
}
