// The QR encoder, a script of its own (dist/steps/qr.js): lean-qr's nano build (MIT, about 1.9 KB
// brotli), fetched only when a computer shows a wallet's launch address to scan.
import { generate } from 'lean-qr/nano';
import { registerPart } from '../../register-step';

registerPart('qr', (text: string) => generate(text));
