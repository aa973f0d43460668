// dist/steps/open_wallet.js: the wallet's-app step (`next_action.open_wallet`).
import { registerStep } from '../../register-step';
import { openWallet } from './open_wallet';

registerStep('open_wallet', openWallet);
