// dist/steps/otp.js: the one-time code step.
import { registerPart } from '../../register-step';
import { codeStep } from './code';

registerPart('otp', codeStep);
