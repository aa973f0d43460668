// The approval steps, by the service's name for each (`next_action.type`, a member of the contract's
// union: src/api/schemas/checkout.ts): what the servers need of each. A payer's page needs no list:
// it fetches the script of the step the service names (dist/steps/<name>.js, built from
// src/methods/<method>/steps/<name>.entry.ts), and a step the contract does not know reads as the
// push. Server code: a payer's page never imports it. test/methods/recipe.test.ts holds every
// member of the union to an entry here and a script.
import type { StepEmulation } from './momo/sandbox';
import { enterOtpPage } from './momo/steps/enter_otp.page';
import { enterOtpSandbox } from './momo/steps/enter_otp.sandbox';
import { openWalletPage } from './momo/steps/open_wallet.page';
import { openWalletSandbox } from './momo/steps/open_wallet.sandbox';
import type { StepPage } from './steps';

export interface StepEntry {
  /** How the page without JavaScript shows it. */
  page: StepPage;
  /** How the sandbox plays it. */
  sandbox: StepEmulation;
}

export const STEPS: Record<string, StepEntry> = {
  enter_otp: { page: enterOtpPage, sandbox: enterOtpSandbox },
  open_wallet: { page: openWalletPage, sandbox: openWalletSandbox },
};

/** The step named `name`, if there is one (never an Object.prototype member). */
export const stepEntry = (name: string | undefined): StepEntry | undefined =>
  name && Object.hasOwn(STEPS, name) ? STEPS[name] : undefined;
