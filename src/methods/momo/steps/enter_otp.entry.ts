// dist/steps/enter_otp.js: the one-time code step (`next_action.enter_otp`).
import { registerStep } from '../../register-step';
import { enterOtp } from './enter_otp';

registerStep('enter_otp', enterOtp);
