// dist/steps/frame.js: the widget's isolated mode (./frame.ts), loaded by ./mount.ts when asked for.
import { registerPart } from '../parts/register';
import { attachFrame } from './frame';

registerPart('frame', attachFrame);
