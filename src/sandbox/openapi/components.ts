// The contract's zod schemas (src/api/schemas) as the OpenAPI document's `components.schemas`,
// converted by zod's own `toJSONSchema` (JSON Schema 2020-12, the dialect of OpenAPI 3.1): nothing
// here restates a field, so a schema changed there changes the document at the next build.
import * as z from 'zod/mini';
import {
  availabilitySchema,
  chargeRecordSchema,
  confirmRequestSchema,
  confirmResultSchema,
  createIntentRequestSchema,
  disbursementRequestSchema,
  disbursementSchema,
  errorBodySchema,
  eventSchema,
  merchantRequestSchema,
  merchantSchema,
  nextActionSchema,
  otpRequestSchema,
  paginationMetaSchema,
  paymentIntentListSchema,
  paymentIntentSchema,
  paymentMethodDataSchema,
  payoutRecordSchema,
  publicSessionSchema,
  remittanceCreatedSchema,
  remittanceListSchema,
  remittanceRequestSchema,
  remittanceSchema,
  sessionListSchema,
  sessionRequestSchema,
  sessionSchema,
} from '../../api/schemas';
import { webhookEventSchema } from '../../api/schemas/events';
import {
  createWebhookEndpointSchema,
  replayEventSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEventListSchema,
} from '../../api/schemas/webhook-endpoints';
import * as links from '../../api/schemas/payment-links';

/** Every schema the document names, by the name it has under `#/components/schemas/`. */
export const NAMED_SCHEMAS = {
  ConfirmRequest: confirmRequestSchema,
  OtpRequest: otpRequestSchema,
  PaymentMethodData: paymentMethodDataSchema,
  CreatePaymentIntentRequest: createIntentRequestSchema,
  RemittanceRequest: remittanceRequestSchema,
  DisbursementRequest: disbursementRequestSchema,
  SessionRequest: sessionRequestSchema,
  MerchantProfileRequest: merchantRequestSchema,
  PaymentIntent: paymentIntentSchema,
  PaymentIntentList: paymentIntentListSchema,
  Event: eventSchema,
  ChargeRecord: chargeRecordSchema,
  PayoutRecord: payoutRecordSchema,
  NextAction: nextActionSchema,
  ConfirmResult: confirmResultSchema,
  RemittanceCreated: remittanceCreatedSchema,
  Remittance: remittanceSchema,
  RemittanceList: remittanceListSchema,
  Disbursement: disbursementSchema,
  PaginationMeta: paginationMetaSchema,
  Session: sessionSchema,
  SessionList: sessionListSchema,
  PublicSession: publicSessionSchema,
  Merchant: merchantSchema,
  Availability: availabilitySchema,
  CreateWebhookEndpointRequest: createWebhookEndpointSchema,
  WebhookEndpoint: webhookEndpointSchema,
  WebhookEndpointList: webhookEndpointListSchema,
  WebhookEvent: webhookEventSchema,
  WebhookEventList: webhookEventListSchema,
  WebhookDelivery: webhookDeliverySchema,
  WebhookDeliveryList: webhookDeliveryListSchema,
  ReplayEventRequest: replayEventSchema,
  PaymentLinkRequest: links.paymentLinkRequestSchema,
  PaymentLink: links.paymentLinkSchema,
  PublicPaymentLink: links.publicPaymentLinkSchema,
  PaymentLinkList: links.paymentLinkListSchema,
  PaymentLinkOpenRequest: links.paymentLinkOpenRequestSchema,
  PaymentLinkOpened: links.paymentLinkOpenedSchema,
  Error: errorBodySchema,
} satisfies Record<string, z.ZodMiniType>;

export type SchemaName = keyof typeof NAMED_SCHEMAS;

export const schemaRef = (name: SchemaName) => ({ $ref: `#/components/schemas/${name}` });

type JsonSchema = Record<string, unknown>;

/**
 * A union of one member (`payment_method_data` has one per payment method, and mobile money is the
 * only one yet) is that member: what a client generator makes of it is the member's type, not a
 * wrapper around it. A second method makes it a `oneOf` again.
 */
function unwrapLoneMember(json: JsonSchema): void {
  const members = json.oneOf ?? json.anyOf;
  if (!Array.isArray(members) || members.length !== 1) return;
  delete json.oneOf;
  delete json.anyOf;
  Object.assign(json, members[0]);
}

/** Whether a string schema trims its text before its other checks (`z.trim()`, an overwrite). */
function trims(def: z.core.$ZodTypeDef): boolean {
  return (def.checks ?? []).some((check) => {
    const inner = check._zod.def as { check: string; tx?: (text: string) => unknown };
    return inner.check === 'overwrite' && inner.tx?.(' a\n') === 'a';
  });
}

/**
 * A text trimmed before it is checked (a name: `singleLine`) is taken with white space around it:
 * JSON Schema cannot trim, so its pattern allows that space, and its lengths, which count the
 * trimmed text, are said in words rather than held against the untrimmed one.
 */
function allowSurroundingSpace(json: JsonSchema): void {
  const around = (pattern: string) => `^\\s*(?:${pattern.replace(/^\^/, '').replace(/\$$/, '')})\\s*$`;
  if (typeof json.pattern === 'string') json.pattern = around(json.pattern);
  const lengths = [json.minLength, json.maxLength];
  delete json.minLength;
  delete json.maxLength;
  json.description = `Trimmed of surrounding white space, then ${lengths[0] ?? 0} to ${lengths[1] ?? 'any number of'} characters.`;
}

/** `source` matching ASCII letters in either case, as its `i` flag did: JSON Schema patterns have no flags. */
export function withoutCase(source: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source.charAt(i);
    if (c === '\\') {
      // An escape stays as it is: \p{L}, \x7f, \u{…}, \d.
      const escaped = /^\\(?:[pPu]\{[^}]*\}|x[\da-f]{2}|u[\da-f]{4}|c[a-z]|.)/isu.exec(source.slice(i))?.[0] ?? c;
      out += escaped;
      i += escaped.length - 1;
    } else if (inClass && /[a-z]/i.test(c) && source.charAt(i + 1) === '-' && /[a-z]/i.test(source.charAt(i + 2))) {
      const end = source.charAt(i + 2);
      out += `${c.toLowerCase()}-${end.toLowerCase()}${c.toUpperCase()}-${end.toUpperCase()}`;
      i += 2;
    } else if (/[a-z]/i.test(c)) {
      const both = `${c.toLowerCase()}${c.toUpperCase()}`;
      out += inClass ? both : `[${both}]`;
    } else {
      if (c === '[') inClass = true;
      if (c === ']') inClass = false;
      out += c;
    }
  }
  return out;
}

/**
 * A field the contract reads as any text but types as the values it knows (`knownText`: a newer
 * service may send another) is a zod `custom`, which JSON Schema cannot say: it is written as a
 * string, its known values named in the description.
 */
function adapt(ctx: { zodSchema: z.core.$ZodTypes; jsonSchema: JsonSchema }): void {
  const def = ctx.zodSchema._zod.def;
  if (def.type === 'union') unwrapLoneMember(ctx.jsonSchema);
  const patterns = (def.checks ?? [])
    .map((check) => (check._zod.def as { format?: string; pattern?: RegExp }).pattern)
    .filter((pattern) => pattern instanceof RegExp);
  if (def.type === 'string' && patterns.length === 1 && patterns[0]?.flags.includes('i'))
    ctx.jsonSchema.pattern = withoutCase(patterns[0].source);
  if (def.type === 'string' && trims(def)) allowSurroundingSpace(ctx.jsonSchema);
  if (def.type !== 'custom') return;
  ctx.jsonSchema.type = 'string';
  const error = (def as { error?: (issue: unknown) => unknown }).error;
  const known = typeof error === 'function' ? error(undefined) : undefined;
  if (typeof known === 'string') ctx.jsonSchema.description = `${known.charAt(0).toUpperCase()}${known.slice(1)}.`;
}

/**
 * The schemas a bare service reads otherwise: it knows no `expiresAt` nor `customer` on a session
 * and drops them unread, as any field it does not know (src/sandbox/routes/sessions.ts).
 */
const BARE_SCHEMAS: Partial<Record<SchemaName, z.ZodMiniType>> = {
  SessionRequest: z.omit(sessionRequestSchema, { expiresAt: true, customer: true }),
};

/**
 * `components.schemas`, converted as inputs: a plain `z.object` accepts and drops fields it does
 * not know (so no `additionalProperties: false`, which is also what a client reading the answers
 * must do: the service may add fields), a `z.strictObject` refuses them.
 */
export function componentSchemas({ extensions }: { extensions: boolean }): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(NAMED_SCHEMAS))
    registry.add((extensions ? undefined : BARE_SCHEMAS[id as SchemaName]) ?? schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
    override: adapt,
  });
  // Each came out as a document of its own; inside an OpenAPI 3.1 document the dialect is the
  // document's (jsonSchemaDialect) and the address is where it sits.
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _dialect, $id: _address, ...schema }]) => [id, schema]),
  );
}
