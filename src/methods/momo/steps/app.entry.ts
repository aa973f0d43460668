// dist/steps/app.js: the wallet's-app step.
import { registerPart } from '../../register-step';
import { appStep } from './app';

registerPart('app', appStep);
