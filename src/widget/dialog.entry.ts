// dist/steps/dialog.js: MomoCheckout.open()'s dialog (./modal.ts), loaded by ./open.ts when a merchant opens one.
import { registerPart } from '../parts/register';
import { makeDialog } from './modal';

registerPart('dialog', makeDialog);
