// What a log line must not carry, in the shapes the contract gives them: secret keys, bearer
// tokens, client secrets, and record ids (an intent id and its page's address are what a payer's
// link is made of). Server code only: the sandbox, the checkout's server and the demo shop all log
// through it, and none of them reaches into another for it.
import { CLIENT_SECRET_PATTERN } from './schemas/client-secret';

const SECRET_PATTERNS = [
  /sk_(?:test|live)_[^\s"',;]*/g,
  // A webhook endpoint's signing secret (Standard Webhooks' `whsec_`): whoever holds it forges events.
  // Its base64 may hold '/' and '+': taken whole (a little of a path after it goes too).
  /whsec_[A-Za-z0-9+/=%]+/g,
  new RegExp(CLIENT_SECRET_PATTERN, 'g'),
  /Bearer\s+\S+/gi,
];

/** Record ids (an intent's, a session's, a charge's…): a log line keeps their kind, not which one. */
const RECORD_ID = /\b(pi|cs|ch|pm|tr|rem|wt|wal|txn|ext)_[0-9A-Za-z]{6,}/g;

/** `text` with anything that looks like a token or a client secret replaced, and record ids cut to their kind. */
export function redact(text: string): string {
  return SECRET_PATTERNS.reduce((out, pattern) => out.replace(pattern, '[redacted]'), text).replace(RECORD_ID, '$1_…');
}
