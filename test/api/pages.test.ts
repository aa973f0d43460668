// @vitest-environment node
// A list a page at a time (src/api/pages.ts), on its own: the query string a list request carries,
// and `eachOf`, which walks the pages a merchant's `for await` reads: from the page asked for, one
// read per page and only when the last one is used up, each item once, stopping at the last page,
// at an empty one, or where the service says there is no next. (Through the client against the
// sandbox, filters and a record created mid-walk included: lists.test.ts.)
import { describe, expect, it } from 'vitest';
import type { CallOptions } from '../../src/api/http';
import { eachOf, type Page, searchOf } from '../../src/api/pages';

interface Item {
  id: string;
}

/** A service's pages of `ids`, `perPage` each, as their meta says them; `reads` records each page read. */
function service(ids: readonly string[], perPage: number, overrides: Partial<Page<Item>['meta']> = {}) {
  const reads: { page: number; options: CallOptions }[] = [];
  const lastPage = Math.max(1, Math.ceil(ids.length / perPage));
  const readPage = async (page: number, options: CallOptions): Promise<Page<Item>> => {
    reads.push({ page, options });
    const url = (n: number) => `/v1/things?page=${n}&perPage=${perPage}`;
    return {
      data: ids.slice((page - 1) * perPage, page * perPage).map((id) => ({ id })),
      meta: {
        total: ids.length,
        perPage,
        currentPage: page,
        lastPage,
        firstPage: 1,
        firstPageUrl: url(1),
        lastPageUrl: url(lastPage),
        nextPageUrl: page < lastPage ? url(page + 1) : null,
        previousPageUrl: page > 1 ? url(page - 1) : null,
        ...overrides,
      },
    };
  };
  return { readPage, reads };
}

async function walk(iterable: AsyncIterable<Item>, stopAfter = Number.POSITIVE_INFINITY): Promise<string[]> {
  const seen: string[] = [];
  for await (const item of iterable) {
    seen.push(item.id);
    if (seen.length >= stopAfter) break;
  }
  return seen;
}

const IDS = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];

describe('pages › the query string of a list', () => {
  it('is empty without a query, and carries each field given, times as ISO text', () => {
    expect(searchOf({})).toBe('');
    expect(searchOf({ page: 2, perPage: 50 })).toBe('?page=2&perPage=50');
    expect(searchOf({ status: 'pending' })).toBe('?status=pending');
    expect(searchOf({ reference: 'k7m 4q2' })).toBe('?reference=k7m+4q2');
    expect(searchOf({ status: ['pending', 'succeeded'] })).toBe('?status=pending%2Csucceeded');
    expect(
      searchOf({
        createdFrom: new Date(Date.UTC(2026, 10, 2, 9)),
        createdBefore: '2026-11-03T00:00:00Z',
        updatedFrom: new Date(Date.UTC(2026, 10, 2, 12, 30)),
      }),
    ).toBe(
      '?createdFrom=2026-11-02T09%3A00%3A00.000Z&createdBefore=2026-11-03T00%3A00%3A00Z&updatedFrom=2026-11-02T12%3A30%3A00.000Z',
    );
  });
});

describe('pages › eachOf', () => {
  it('gives every item of every page in order, one read per page, each with the call options', async () => {
    const { readPage, reads } = service(IDS, 3);
    const signal = new AbortController().signal;
    expect(await walk(eachOf(readPage, {}, { signal }))).toEqual(IDS);
    expect(reads.map((read) => read.page)).toEqual([1, 2, 3]);
    expect(reads.every((read) => read.options.signal === signal)).toBe(true);
  });

  it('starts at the page the query asks for', async () => {
    const { readPage, reads } = service(IDS, 3);
    expect(await walk(eachOf(readPage, { page: 2 }))).toEqual(['d', 'e', 'f', 'g']);
    expect(reads.map((read) => read.page)).toEqual([2, 3]);
  });

  it('reads a page only once the one before is used up: a walk stopped early reads no further', async () => {
    const { readPage, reads } = service(IDS, 3);
    expect(await walk(eachOf(readPage), 3)).toEqual(['a', 'b', 'c']);
    expect(reads.map((read) => read.page)).toEqual([1]);
  });

  it('gives an item once when a creation pushed it to the next page', async () => {
    // A record created after page 1 was read pushes every older one a place down: `c` comes again.
    const { readPage } = service(['a', 'b', 'c', 'c', 'd', 'e'], 3);
    expect(await walk(eachOf(readPage))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('stops at the last page, at an empty page, and where the service says there is no next', async () => {
    const pastLast = service(IDS, 3, { nextPageUrl: '/v1/things?page=4&perPage=3' });
    expect(await walk(eachOf(pastLast.readPage))).toEqual(IDS);
    expect(pastLast.reads.map((read) => read.page)).toEqual([1, 2, 3]);
    const empty = service([], 3, { lastPage: 5, nextPageUrl: '/v1/things?page=2&perPage=3' });
    expect(await walk(eachOf(empty.readPage))).toEqual([]);
    expect(empty.reads.map((read) => read.page)).toEqual([1]);
    const noNext = service(IDS, 3, { lastPage: 5, nextPageUrl: null });
    expect(await walk(eachOf(noNext.readPage))).toEqual(['a', 'b', 'c']);
    expect(noNext.reads.map((read) => read.page)).toEqual([1]);
  });
});
