// Every request the sandbox's API tests send, and the sandbox's answer, checked against the OpenAPI
// document by a validator written elsewhere: openapi-backend (its router matches the operation; its
// Ajv validators, made here for JSON Schema 2020-12 as OpenAPI 3.1 writes schemas, check the
// parameters, the body and the answer of that status). What is ours is the verdict on a pair:
//   - an answer of a status, a media type or a body the document does not give that operation;
//   - a request the document refuses that the sandbox took (a 2xx or 3xx): the document would be
//     stricter than the service, and a client generated from it would refuse what works;
//   - an answer, other than a refusal, on a path the document does not have.
// A refused request answered with a documented refusal is what a test of bad input expects.
import Ajv2020 from 'ajv/dist/2020';
import OpenAPIBackend, { type Document, type Operation, type Request as ApiRequest } from 'openapi-backend';
import { openApiDocument } from '../../src/sandbox/openapi/document';
import { OPENAPI_PATH } from '../../src/sandbox/openapi/route';

/** A request and the answer to it, as read from the wire. */
export interface Exchange {
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  /** The body's text; null when there is none or it could not be read (a stream cut on purpose). */
  requestBody: string | null;
  status: number;
  responseHeaders: Record<string, string>;
  responseBody: string | null;
}

export interface DocumentValidator {
  /** What is wrong with the exchange, in words; empty when it matches the document. */
  problems(exchange: Exchange): string[];
}

const mediaType = (value: string | undefined) => (value ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

type ApiResponse = { description?: string; content?: Record<string, unknown> };

function jsonOf(text: string | null): { ok: true; value: unknown } | { ok: false } {
  if (text === null) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

const shared = new Map<boolean, Promise<DocumentValidator>>();

/** The validator of the document with or without the extensions, made once per worker (its test files share it). */
export function validatorOf(extensions: boolean): Promise<DocumentValidator> {
  let validator = shared.get(extensions);
  if (!validator) {
    validator = createDocumentValidator(openApiDocument({ extensions }));
    shared.set(extensions, validator);
  }
  return validator;
}

export async function createDocumentValidator(document: object): Promise<DocumentValidator> {
  const api = new OpenAPIBackend({
    definition: structuredClone(document) as Document,
    strict: true,
    // Quick: openapi-backend's own check of the document knows OpenAPI 3.0 only (the document is
    // linted: test/sandbox/openapi/document.test.ts), and each operation's validators are compiled when first used.
    quick: true,
    customizeAjv: (_ajv, options) => new Ajv2020({ ...options, strict: false, allErrors: false }),
  });
  await api.init();

  function requestProblems(request: ApiRequest, operation: Operation, exchange: Exchange): string[] {
    const problems: string[] = [];
    const body = operation.requestBody as { content?: Record<string, unknown> } | undefined;
    if (body?.content) {
      const type = mediaType(exchange.requestHeaders['content-type']);
      if (!Object.hasOwn(body.content, type))
        problems.push(`a body of type "${type}" where the document takes ${Object.keys(body.content).join(', ')}`);
    }
    const result = api.validateRequest(request, operation);
    for (const error of result.errors ?? [])
      problems.push(`${error.instancePath || '(request)'} ${error.message ?? error.keyword}`);
    return problems;
  }

  function responseProblems(operation: Operation, exchange: Exchange): string[] {
    const responses = (operation.responses ?? {}) as Record<string, ApiResponse>;
    const documented = responses[String(exchange.status)] ?? responses.default;
    if (!documented) return [`status ${exchange.status}, which the document does not give ${operation.operationId}`];
    const type = mediaType(exchange.responseHeaders['content-type']);
    const content = documented.content;
    if (!content) return exchange.responseBody ? [`a body (${type}) where the document gives none`] : [];
    if (!Object.hasOwn(content, type))
      return [`a body of type "${type}" where the document gives ${Object.keys(content).join(', ')}`];
    // HEAD: a GET's answer without its body (RFC 9110, 9.3.2).
    if (type !== 'application/json' || exchange.method === 'HEAD') return [];
    const parsed = jsonOf(exchange.responseBody);
    if (!parsed.ok) return ['a body that is not JSON'];
    const result = api.validateResponse(parsed.value, operation, exchange.status);
    return (result.errors ?? []).map(
      (error) => `answer ${error.instancePath || '(body)'} ${error.message ?? error.keyword}`,
    );
  }

  return {
    problems(exchange) {
      const url = new URL(exchange.url);
      // Not an operation: the document's own address, and CORS preflights (docs/openapi.md).
      if (url.pathname === OPENAPI_PATH || exchange.method === 'OPTIONS') return [];
      const parsed = jsonOf(exchange.requestBody);
      const request: ApiRequest = {
        // A HEAD is answered as the GET it stands for (Hono's routes answer both), so it is checked as one.
        method: exchange.method === 'HEAD' ? 'get' : exchange.method.toLowerCase(),
        path: url.pathname,
        query: url.search.slice(1),
        headers: exchange.requestHeaders,
        ...(exchange.requestBody === null ? {} : { body: parsed.ok ? parsed.value : exchange.requestBody }),
      };
      const where = `${exchange.method} ${url.pathname}${url.search} → ${exchange.status}`;
      const operation = api.matchOperation(request);
      if (!operation) {
        return exchange.status < 400 ? [`${where}: answered, on a path or method the document does not have`] : [];
      }
      const refused = requestProblems(request, operation, exchange);
      const problems = responseProblems(operation, exchange);
      if (refused.length > 0 && exchange.status < 400)
        problems.push(`the sandbox took a request the document refuses: ${refused.join('; ')}`);
      return problems.map((problem) => `${where}: ${problem}`);
    },
  };
}
