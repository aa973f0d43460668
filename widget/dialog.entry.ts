// dist/steps/dialog.js: MomoCheckout.open()'s dialog (./modal.ts), loaded by ./open.ts when a merchant opens one.
import { registerPart } from '../src/methods/register-step';
import { makeDialog } from './modal';

registerPart('dialog', makeDialog);
