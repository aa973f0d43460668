// dist/steps/embed.js: what only the isolated frame's page runs (./embed.ts), out of the hosted
// page's first load; /embed loads it (src/hosted/main.tsx).
import { registerPart } from '../parts/register';
import { startEmbed } from './embed';

registerPart('embed', startEmbed);
