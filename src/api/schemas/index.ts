// The API contract: every resource and request body of the payment service, as zod/mini
// schemas. These are the single source of truth for the client, the sandbox, the checkout and
// the tests; every TypeScript type of the API is inferred from them (see ../types.ts).
//
// zod/mini is used (not classic zod) because it is shipped to browsers: it tree-shakes to what is
// used and never compiles validators with `new Function`, so the pages run under a strict CSP.
//
// Unknown extra fields in responses are tolerated (z.object drops them instead of failing): the
// real service may add fields without breaking deployed checkouts.
//
// The rest are in three modules by what they describe: values both share (./values), request
// bodies (./requests), resources (./resources); this module is the contract's one entry.
// Browser code imports ./checkout (what the payer's page reads) and ./fields, never this module nor
// those three: their top-level schemas are built on import, and their bytes must not reach a phone.
export * from './availability';
export * from './checkout';
export {
  amountSchema,
  clientSecretSchema,
  countrySchema,
  currencySchema,
  emailSchema,
  operatorNameSchema,
} from './fields';
export * from './requests';
export * from './resources';
export * from './values';
