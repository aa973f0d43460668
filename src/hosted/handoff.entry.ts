// dist/steps/handoff.js: "someone else pays" (./handoff.ts), fetched only when a payer hands a
// payment on (src/components/HandOff.tsx).
import { registerPart } from '../parts/register';
import { handOffPart } from './handoff';

registerPart('handoff', handOffPart);
