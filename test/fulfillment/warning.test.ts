// A store that needs isHandled and none given (R3 of issue 21's audit): the default setup leaves a
// delivery interrupted by a crash in doubt, never made again; the process is told so when it
// starts following, once. Its own file, and not one of the node project's (test/support/projects.ts),
// whose files share their modules: the warning is once per process, so this file needs a module
// state no other file has touched.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FulfillmentStore, fileStore } from '../../src/fulfillment';
import { bed } from './support/bed';

afterEach(() => vi.restoreAllMocks());

describe('the warning of a store without isHandled', () => {
  it('is not given with isHandled, nor with a transactional store; it is given once otherwise', async () => {
    const warned = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    const t = bed();
    await t.fulfillment({ handlers: { isHandled: () => false } }).runOnce();
    const transactional: FulfillmentStore = { ...fileStore(t.dir, { sync: false }), transactional: true };
    await t.fulfillment({ store: transactional }).runOnce();
    expect(warned).not.toHaveBeenCalled();

    const f = t.fulfillment();
    f.start();
    await f.stop();
    expect(warned).toHaveBeenCalledTimes(1);
    expect(warned.mock.calls[0]).toEqual([
      expect.stringMatching(/isHandled is not given.*never made again/),
      { code: 'MOMO_FULFILLMENT_NO_IS_HANDLED' },
    ]);
    await t.fulfillment().runOnce();
    expect(warned).toHaveBeenCalledTimes(1);
  });
});
