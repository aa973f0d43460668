// What a payer's browser checks the service's answers (and the receipt e-mail) with: the contract's
// schemas compiled to rules (./rules, ./checkout.rules.json), typed as the schemas themselves. The
// browser's modules import these, never zod: test/api/schemas.test.ts walks their imports.
// biome-ignore lint/style/noRestrictedImports: a type-only import, erased from the bundle: the parsers are typed as the schemas.
import type * as z from 'zod/mini';
import type {
  confirmResultViewSchema,
  errorBodySchema,
  paymentIntentViewSchema,
  publicSessionSchema,
} from './checkout';
import rules from './checkout.rules.json';
import { parserOf, type Rule } from './rules';

// JSON's types are wider than a Rule's (a tuple reads as an array); the test checks the file.
const compiled = rules as unknown as Record<keyof typeof rules, Rule>;

export const paymentIntentViewParser = /* @__PURE__ */ parserOf<z.output<typeof paymentIntentViewSchema>>(
  compiled.paymentIntentView,
);
export const confirmResultViewParser = /* @__PURE__ */ parserOf<z.output<typeof confirmResultViewSchema>>(
  compiled.confirmResultView,
);
export const publicSessionParser = /* @__PURE__ */ parserOf<z.output<typeof publicSessionSchema>>(
  compiled.publicSession,
);
export const errorBodyParser = /* @__PURE__ */ parserOf<z.output<typeof errorBodySchema>>(compiled.errorBody);
export const emailParser = /* @__PURE__ */ parserOf<string>(compiled.email);
