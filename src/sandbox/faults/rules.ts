// Fault rules: what to break, on which route, before or after the sandbox's own work, how often.
// The same checks apply to rules given in a test (`faults.inject`) and over HTTP.
import * as z from 'zod/mini';
import { invalidField } from '../errors';
import { parseWith } from '../validate';

export const FAULT_KINDS = [
  'latency',
  'http_error',
  'reset',
  'hang',
  'truncated_json',
  'non_json',
  'wrong_shape',
  'unknown_status',
  'throw',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
export type FaultPhase = 'before' | 'after';

/** Kinds that rewrite the sandbox's own answer: there is one only after the request took effect. */
const AFTER_ONLY: readonly FaultKind[] = ['truncated_json', 'unknown_status'];
const EXTRA_OPTIONS = ['ms', 'status', 'value', 'body', 'message'] as const;
type ExtraOption = (typeof EXTRA_OPTIONS)[number];
const OPTIONS_OF: Readonly<Record<FaultKind, readonly ExtraOption[]>> = {
  latency: ['ms'],
  http_error: ['status'],
  reset: [],
  hang: [],
  truncated_json: [],
  non_json: [],
  wrong_shape: ['body'],
  unknown_status: ['value'],
  throw: ['message'],
};

export const MAX_LATENCY_MS = 600_000;
const SEGMENT = String.raw`(?:[A-Za-z0-9._~%-]+|:[A-Za-z_]\w*|\*)`;
const ROUTE = new RegExp(String.raw`^(?:\*|GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) (?:\*|(?:/${SEGMENT})+)$`);

export const faultRuleSchema = z.strictObject({
  route: z.string().check(z.regex(ROUTE)),
  kind: z.enum(FAULT_KINDS),
  when: z.optional(z.enum(['before', 'after'])),
  times: z.optional(z.union([z.int().check(z.positive()), z.literal('always')])),
  probability: z.optional(z.number().check(z.gte(0), z.lte(1))),
  seed: z.optional(z.int()),
  ms: z.optional(z.int().check(z.gte(0), z.lte(MAX_LATENCY_MS))),
  status: z.optional(z.literal([500, 502, 503, 504])),
  value: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  body: z.optional(z.unknown()),
  message: z.optional(z.string().check(z.maxLength(500))),
});

/** A rule as a test writes it, e.g. `{ route: 'POST /v1/payment-intents/:id/confirm', kind: 'reset', when: 'after' }`. */
export type FaultRuleInput = z.input<typeof faultRuleSchema>;

/** A rule with its defaults filled in. */
export interface FaultRule extends Omit<FaultRuleInput, 'when' | 'times' | 'probability' | 'seed'> {
  when: FaultPhase;
  times: number | 'always';
  probability: number;
  seed: number;
}

const rulesSchema = z.array(faultRuleSchema).check(z.maxLength(100));

function checkCombination(rule: FaultRuleInput, at: string): void {
  for (const option of EXTRA_OPTIONS) {
    if (rule[option] !== undefined && !OPTIONS_OF[rule.kind].includes(option)) {
      throw invalidField(`${at}${option}`, `\`${at}${option}\` does not apply to a ${rule.kind} fault.`);
    }
  }
  if (rule.kind === 'latency' && rule.ms === undefined) throw invalidField(`${at}ms`, `\`${at}ms\` is required.`);
  if (AFTER_ONLY.includes(rule.kind) && rule.when === 'before') {
    throw invalidField(
      `${at}when`,
      `\`${at}when\` must be "after" for a ${rule.kind} fault: it garbles the sandbox's answer.`,
    );
  }
}

/**
 * One rule or a list of rules, checked and completed with the defaults: `when` "before" (or
 * "after" for the kinds that garble an answer), `times` 1, `probability` 1, `seed` 1.
 * Throws 400 `invalid_request` naming the first bad field.
 */
export function parseFaultRules(value: unknown): FaultRule[] {
  const many = Array.isArray(value);
  const rules = many ? parseWith(rulesSchema, value) : [parseWith(faultRuleSchema, value)];
  return rules.map((rule, index) => {
    checkCombination(rule, many ? `${index}.` : '');
    return {
      ...rule,
      when: rule.when ?? (AFTER_ONLY.includes(rule.kind) ? 'after' : 'before'),
      times: rule.times ?? 1,
      probability: rule.probability ?? 1,
      seed: rule.seed ?? 1,
    };
  });
}

/** `METHOD /path/:param/*`: `*` as the method or a whole path matches anything, `:name` or `*` one segment. */
export function routeMatcher(route: string): (method: string, path: string) => boolean {
  const [method = '', pattern = ''] = route.split(' ');
  const segments = pattern === '*' ? null : pattern.split('/');
  return (requestMethod, path) => {
    if (method !== '*' && method !== requestMethod) return false;
    if (segments === null) return true;
    const parts = path.split('/');
    return (
      parts.length === segments.length && segments.every((s, i) => s === '*' || s.startsWith(':') || s === parts[i])
    );
  };
}
