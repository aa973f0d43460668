// The OpenAPI 3.1 document of the service as the sandbox plays it: the operations table
// (./operations) written out, its bodies and answers referring to the contract's zod schemas
// converted by zod (./components). Built at build time into dist/openapi.json
// (scripts/openapi.ts) and, the same, by the sandbox at GET /openapi.json (./route).
import * as z from 'zod/mini';
import { ERROR_STATUS, type ErrorCode } from '../errors';
import { componentSchemas, schemaRef } from './components';
import {
  type OperationAnswer,
  type Caller,
  OPERATIONS,
  type Operation,
  type OtherBody,
  type Parameter,
} from './operations';
import { WEBHOOK_EVENTS, type DocumentedEvent, webhooksOf } from './webhooks';

type Json = Record<string, unknown>;

/** The mark of what the service's interface does not document: the sandbox's own additions. */
export const EXTENSION = 'x-momo-extension';

export interface DocumentOptions {
  /** With the sandbox's extensions (default), or as a bare service answers (`extensions: false`). */
  extensions?: boolean;
  /** Where the API is; default: the sandbox command's and `npm start`'s addresses. */
  servers?: { url: string; description: string }[];
  /** The events delivered to merchants' endpoints (default: the sandbox's, ./webhooks). */
  webhooks?: readonly DocumentedEvent[];
}

const DEFAULT_SERVERS = [
  { url: 'http://127.0.0.1:12111', description: 'momo-checkout-sandbox (its default port)' },
  { url: 'http://127.0.0.1:3000', description: 'npm start: the sandbox beside the checkout and the demo shop' },
];

/** A zod schema that has no name in the document (a parameter, a page's form), inline. */
function inline(schema: z.ZodMiniType): Json {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' });
  return json;
}

const mark = (extension: boolean | undefined): Json => (extension ? { [EXTENSION]: true } : {});

function content(body: Operation['body'] | OperationAnswer['body']): Json {
  if (body === undefined) return {};
  if (typeof body === 'string') return { content: { 'application/json': { schema: schemaRef(body) } } };
  const { mediaTypes, schema }: OtherBody = body;
  return { content: Object.fromEntries(mediaTypes.map((type) => [type, schema ? { schema: inline(schema) } : {}])) };
}

function parameter(p: Parameter): Json {
  return {
    name: p.name,
    in: p.in,
    required: p.required ?? false,
    description: p.description,
    schema: inline(p.schema),
    ...mark(p.extension),
  };
}

const SECURITY: Record<Caller, Json[]> = {
  merchant: [{ merchantKey: [] }],
  anyone: [],
  'anyone-or-merchant': [{}, { merchantKey: [] }],
};

/** The error answers of an operation, one per status, naming the codes each may carry. */
function errorAnswers(codes: readonly ErrorCode[]): Record<string, Json> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes))
    byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => [
        String(status),
        {
          description: `An error: ${list.map((code) => `\`${code}\``).join(', ')} (docs/sandbox.md#errors).`,
          ...(list.includes('rate_limited')
            ? { headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } } }
            : {}),
          content: { 'application/json': { schema: schemaRef('Error') } },
        },
      ]),
  );
}

function operationObject(op: Operation, extensions: boolean): Json {
  const parameters = (op.parameters ?? []).filter((p) => extensions || !p.extension).map(parameter);
  const answers = Object.entries(op.answers)
    .filter(([, answer]) => extensions || !answer.extension)
    .map(([status, answer]) => [
      status,
      {
        description: answer.description,
        ...(answer.headers
          ? {
              headers: Object.fromEntries(
                Object.entries(answer.headers).map(([name, h]) => [
                  name,
                  { description: h.description, schema: inline(h.schema) },
                ]),
              ),
            }
          : {}),
        ...content(answer.body),
        ...mark(answer.extension),
      },
    ]);
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    security: SECURITY[op.caller],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.body ? { requestBody: { required: op.bodyRequired ?? true, ...content(op.body) } } : {}),
    responses: { ...Object.fromEntries(answers), ...errorAnswers(op.errors) },
    ...mark(op.extension),
  };
}

/** Whether a sandbox with or without its extensions answers the operation. */
export const servedBy = (op: Operation, extensions: boolean): boolean => extensions || (op.bare ?? !op.extension);

/** The schemas the paths name, and those they name in turn: a bare service's lacks the extensions'. */
function reachable(paths: object, schemas: Record<string, Json>): Record<string, Json> {
  const names = new Set<string>();
  const visit = (value: unknown): void => {
    const text = JSON.stringify(value);
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (name === undefined || names.has(name)) continue;
      names.add(name);
      visit(schemas[name]);
    }
  };
  visit(paths);
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => names.has(name)));
}

export function openApiDocument({
  extensions = true,
  servers = DEFAULT_SERVERS,
  webhooks = WEBHOOK_EVENTS,
}: DocumentOptions = {}): Json {
  const paths: Record<string, Json> = {};
  for (const op of OPERATIONS.filter((o) => servedBy(o, extensions))) {
    paths[op.path] = { ...paths[op.path], [op.method]: operationObject(op, extensions) };
  }
  // Events are the sandbox's own: a bare service delivers none.
  const events = webhooksOf(extensions ? webhooks : [], inline);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Mobile-money payment service',
      version: '1',
      description: [
        'Payment intents with confirmation, remittances, disbursements and checkout sessions, for mobile-money payments in XAF and XOF, as the momo-checkout sandbox plays them.',
        `What the service's interface documents carries no mark; what the sandbox adds is marked \`${EXTENSION}: true\` (operations, parameters, answers) and listed in docs/sandbox.md#extensions-to-the-interface.`,
        'Generated from the zod schemas of momo-checkout (src/api/schemas) at build time: docs/openapi.md.',
      ].join('\n\n'),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers,
    tags: [
      { name: 'Payment intents', description: 'An intent is paid by a payer confirming it with its client secret.' },
      {
        name: 'Remittances and disbursements',
        description: "Money sent from the merchant's balance to a mobile-money number.",
      },
      { name: 'Checkout sessions', description: 'A basket paid on the hosted page.' },
      {
        name: 'Payment links',
        description: 'A link shared in a chat: each payer who opens it pays a payment of their own.',
      },
      {
        name: 'Sandbox',
        description: "The sandbox's own: a merchant's profile, its logo, the page that plays a wallet.",
      },
      ...(extensions
        ? [
            {
              name: 'Events',
              description:
                "A merchant's endpoints, the signed events the sandbox sends them, and each delivery's attempts.",
            },
          ]
        : []),
    ],
    paths,
    ...events,
    components: {
      schemas: reachable({ paths, events }, componentSchemas({ extensions })),
      securitySchemes: {
        merchantKey: {
          type: 'http',
          scheme: 'bearer',
          description: "A merchant's secret key: in the sandbox, any `sk_test_…` (each key owns what it creates).",
        },
      },
    },
  };
}
