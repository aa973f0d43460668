// Extension: a merchant's sessions and intents listed, newest first, filtered by status and by
// creation time, one page at a time with the remittance list's meta (the interface's only list).
// Each list reads its token's own records from the store's index (./store/owner-index), newest
// first: a page costs what it holds (two binary searches for the creation-time filters, then the
// page), never a look at another token's records. Only a filter on what changes with time (status,
// `updatedFrom`) walks the token's records in the asked creation range, to count `total`: its own
// share, never the sandbox's (issue 28).
import type { Context } from 'hono';
import type { PaginationMeta } from '../api/types';
import type { SandboxEnv } from './hono-env';
import type { NewestFirst } from './store/owner-index';
import { timestamp } from '../api/schemas/fields';
import { invalidField } from './errors';
import { canonicalReference } from './reference';
import { instantOf } from './sessions';

const MAX_PAGE = 1_000_000;

/** What a list request asks for: a page, and the filters its page addresses carry along. */
export const DEFAULT_PER_PAGE = 10;
export const MAX_PER_PAGE = 100;

export interface ParsedListQuery<S extends string> {
  page: number;
  perPage: number;
  /** The statuses asked for (any of them), or null for all. */
  statuses: ReadonlySet<S> | null;
  /** Created at or after, in ms. */
  createdFrom: number | null;
  /** Created strictly before, in ms. */
  createdBefore: number | null;
  /** Changed (created, attempted, settled, canceled) at or after, in ms: intents only. */
  updatedFrom: number | null;
  /** The filters as they were written, for the page addresses. */
  filters: [string, string][];
}

/** The query of a list filtered by nothing but its page (`filters`: what its page addresses carry). */
export const pageOnly = (page: number, perPage: number, filters: [string, string][] = []): ParsedListQuery<string> => ({
  page,
  perPage,
  statuses: null,
  createdFrom: null,
  createdBefore: null,
  updatedFrom: null,
  filters,
});

/** `page` or `perPage`: a whole number from 1 to `max`, else 400 naming it. */
export function pageNumber(c: Context<SandboxEnv>, name: string, fallback: number, max: number): number {
  const raw = c.req.query(name);
  if (raw === undefined) return fallback;
  const value = /^[1-9]\d{0,6}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value <= max)) throw invalidField(name, `\`${name}\` must be a whole number from 1 to ${max}.`);
  return value;
}

function instant(c: Context<SandboxEnv>, name: string): number | null {
  const raw = c.req.query(name);
  if (raw === undefined) return null;
  const at = timestamp().safeParse(raw).success ? instantOf(raw) : null;
  if (at === null) {
    throw invalidField(
      name,
      `\`${name}\` must be an ISO 8601 date-time with a Z or an offset, e.g. 2025-03-10T09:00:00Z (a + in a query string is written %2B).`,
    );
  }
  return at;
}

/**
 * Reads `page`, `perPage`, `status` (one or several, comma-separated), `createdFrom`,
 * `createdBefore`, and with `updated` `updatedFrom`.
 */
export function listQuery<S extends string>(
  c: Context<SandboxEnv>,
  known: readonly S[],
  { updated = false } = {},
): ParsedListQuery<S> {
  const filters: [string, string][] = [];
  const status = c.req.query('status');
  let statuses: Set<S> | null = null;
  if (status !== undefined) {
    const asked = status.split(',');
    const unknown = asked.find((s) => !(known as readonly string[]).includes(s));
    if (unknown !== undefined)
      throw invalidField('status', `\`status\` must be one or more of ${known.join(', ')}, comma-separated.`);
    statuses = new Set(asked as S[]);
    filters.push(['status', status]);
  }
  const createdFrom = instant(c, 'createdFrom');
  const createdBefore = instant(c, 'createdBefore');
  if (createdFrom !== null) filters.push(['createdFrom', c.req.query('createdFrom') as string]);
  if (createdBefore !== null) filters.push(['createdBefore', c.req.query('createdBefore') as string]);
  if (!updated && c.req.query('updatedFrom') !== undefined)
    throw invalidField('updatedFrom', '`updatedFrom` filters payment intents only.');
  const updatedFrom = updated ? instant(c, 'updatedFrom') : null;
  if (updatedFrom !== null) filters.push(['updatedFrom', c.req.query('updatedFrom') as string]);
  return {
    page: pageNumber(c, 'page', 1, MAX_PAGE),
    perPage: pageNumber(c, 'perPage', DEFAULT_PER_PAGE, MAX_PER_PAGE),
    statuses,
    createdFrom,
    createdBefore,
    updatedFrom,
    filters,
  };
}

/** Whether a record created at `createdAt` with `status` (and changed at `updatedAt`) is one the query asks for. */
export const matches = <S extends string>(
  query: ParsedListQuery<S>,
  createdAt: number,
  status: S,
  updatedAt = createdAt,
): boolean =>
  (query.statuses === null || query.statuses.has(status)) &&
  (query.createdFrom === null || createdAt >= query.createdFrom) &&
  (query.createdBefore === null || createdAt < query.createdBefore) &&
  (query.updatedFrom === null || updatedAt >= query.updatedFrom);

function pageUrl(page: number, query: ParsedListQuery<string>): string {
  const params = new URLSearchParams({ page: String(page) });
  if (query.perPage !== DEFAULT_PER_PAGE) params.set('perPage', String(query.perPage));
  for (const [name, value] of query.filters) params.set(name, value);
  return `/?${params}`;
}

/**
 * Extension (docs/decisions.md): `reference`, a payment's short reference as a person typed it
 * ("k7m 4q2", "K7M-4Q2", O for 0…: ./reference.ts), in canonical form ("K7M4Q2"); null when not
 * asked; 400 naming it when it cannot be one. Carried along in the page addresses as written.
 */
export function referenceQuery(c: Context<SandboxEnv>, query: ParsedListQuery<string>): string | null {
  const raw = c.req.query('reference');
  if (raw === undefined) return null;
  const canonical = canonicalReference(raw);
  if (canonical === null)
    throw invalidField('reference', '`reference` must be a payment reference: 6 letters and digits, like K7M-4Q2.');
  query.filters.push(['reference', raw]);
  return canonical;
}

/** One record, or none, as a list reads it. */
export const onlyOne = <T>(record: T | undefined): NewestFirst<T> => ({
  length: record === undefined ? 0 : 1,
  at: () => record as T,
});

/** Whether the query filters on what changes with time (so a page needs a walk to count `total`). */
export const walks = (query: ParsedListQuery<string>): boolean => query.statuses !== null || query.updatedFrom !== null;

/**
 * The page the query asks for of `records` (newest first), keeping those `keep` keeps (all when
 * absent: then only the page is looked at): past the end it is empty, not an error.
 */
export function pageOf<T, U>(
  records: NewestFirst<T>,
  query: ParsedListQuery<string>,
  show: (record: T) => U,
  keep?: (record: T) => boolean,
): { meta: PaginationMeta; data: U[] } {
  const { page, perPage } = query;
  const first = (page - 1) * perPage;
  const shown: T[] = [];
  let total = records.length;
  if (keep) {
    total = 0;
    for (let i = 0; i < records.length; i++) {
      const record = records.at(i);
      if (!keep(record)) continue;
      if (total >= first && total < first + perPage) shown.push(record);
      total += 1;
    }
  } else {
    for (let i = first; i < Math.min(total, first + perPage); i++) shown.push(records.at(i));
  }
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const meta: PaginationMeta = {
    total,
    perPage,
    currentPage: page,
    lastPage,
    firstPage: 1,
    firstPageUrl: pageUrl(1, query),
    lastPageUrl: pageUrl(lastPage, query),
    nextPageUrl: page < lastPage ? pageUrl(page + 1, query) : null,
    previousPageUrl: page > 1 ? pageUrl(Math.min(page - 1, lastPage), query) : null,
  };
  return { meta, data: shown.map(show) };
}
