// What a step's script runs (src/parts/load.ts loads it): it puts what it brings where the page
// finds it, under the service's name for the step (`next_action.type`). Imports nothing but the
// parts' register, so a step's script carries no second copy of anything the page has.
import { registerPart } from '../parts/register';
import type { StepPart } from './steps';

export { registerPart };

export const registerStep = (name: string, part: StepPart): void => registerPart(name, part);
