// Lists come a page at a time, with the remittance list's meta; `eachOf` walks every page so a
// merchant writes `for await (const intent of client.eachIntent({ status: 'pending' }))`.
import type { CallOptions } from './http';
import type { PaginationMeta } from './types';

export interface PageQuery {
  /** From 1; 1 by default. */
  page?: number;
  /** 1 to 100; 10 by default. */
  perPage?: number;
}

/** Extension: what GET /v1/sessions and GET /v1/payment-intents filter by. */
export interface ListQuery<Status extends string> extends PageQuery {
  /** One status, or any of several. */
  status?: Status | readonly Status[];
  /** Created at or after this time. */
  createdFrom?: Date | string;
  /** Created strictly before this time. */
  createdBefore?: Date | string;
}

/** Extension: what GET /v1/payment-intents filters by, `updatedFrom` too. */
export interface IntentListQuery<Status extends string> extends ListQuery<Status> {
  /** Changed (created, attempted, paid, canceled) at or after this time. */
  updatedFrom?: Date | string;
  /** The intent of this short reference ("K7M-4Q2"), as a person typed it: any case, dashes or not (extension). */
  reference?: string;
}

export interface Page<T> {
  meta: PaginationMeta;
  data: T[];
}

/** The query string of a list request (empty, or starting with `?`). */
export function searchOf(query: IntentListQuery<string>): string {
  const params = new URLSearchParams();
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.perPage !== undefined) params.set('perPage', String(query.perPage));
  if (query.status !== undefined)
    params.set('status', typeof query.status === 'string' ? query.status : query.status.join(','));
  const time = (value: Date | string) => (typeof value === 'string' ? value : value.toISOString());
  if (query.createdFrom !== undefined) params.set('createdFrom', time(query.createdFrom));
  if (query.createdBefore !== undefined) params.set('createdBefore', time(query.createdBefore));
  if (query.updatedFrom !== undefined) params.set('updatedFrom', time(query.updatedFrom));
  if (query.reference !== undefined) params.set('reference', query.reference);
  return params.size ? `?${params}` : '';
}

/**
 * Every item of a list, page after page from `query.page` (1 by default), each read when the
 * previous one is used up. The lists are newest first by page number: a record created while
 * they are walked pushes the older ones a place down, so an item already given may come again on
 * the next page — it is given once (by `id`). Stops at the last page or an empty one.
 */
export async function* eachOf<T extends { id: string | number }>(
  readPage: (page: number, options: CallOptions) => Promise<Page<T>>,
  query: PageQuery = {},
  options: CallOptions = {},
): AsyncGenerator<T, void, undefined> {
  const given = new Set<string | number>();
  for (let page = query.page ?? 1; ; page++) {
    const { meta, data } = await readPage(page, options);
    for (const item of data) {
      if (given.has(item.id)) continue;
      given.add(item.id);
      yield item;
    }
    if (data.length === 0 || meta.nextPageUrl === null || page >= meta.lastPage) return;
  }
}
