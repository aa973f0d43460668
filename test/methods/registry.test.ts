// @vitest-environment node
// The methods' registry (src/methods/index.ts) and the two maps that must mirror it: the form's
// views (views.ts) and the screens' (screen-views.ts), three maps because they ship in three
// places (docs/architecture.md). The type checks below are proven by `npm run typecheck`, which
// fails on each expected error if the line below it ever compiles.
import { describe, expect, it } from 'vitest';
import { METHOD, type MethodType, methodOf, type ValuesOf, type ViewOf } from '../../src/methods';
import { momoScreenViews } from '../../src/methods/momo/screen-views';
import { momoViews } from '../../src/methods/momo/views';
import { type EveryMethodScreenViews, screenViewsOf } from '../../src/methods/screen-views';
import { type EveryMethodViews, viewsOf } from '../../src/methods/views';

describe('methods › one registry, mirrored by the views', () => {
  it('every registered method has its form views and its screens’ views', () => {
    const types: MethodType[] = ['momo'];
    for (const type of types) {
      const view = { ...METHOD.view(METHOD.initial('sn')), type };
      expect(methodOf(type)?.type).toBe(type);
      expect(viewsOf(view)).toBe(momoViews);
      expect(screenViewsOf(view)).toBe(momoScreenViews);
    }
    // A type the service may send that this checkout does not know, or an inherited name: none.
    expect(methodOf('card')).toBeUndefined();
    expect(methodOf('toString')).toBeUndefined();
  });

  it('the compiler refuses views missing for a registered method, views of a method not registered, or of another kind', () => {
    // A registered method's values and view, as its PaymentMethod says (never `never`, which would let anything through).
    const values: ValuesOf<'momo'> = { country: 'sn', operator: 'orange', phone: '' };
    const view: ViewOf<'momo'> = { type: 'momo', country: 'sn', operator: 'orange', phone: '' };
    // @ts-expect-error not mobile money's values
    const other: ValuesOf<'momo'> = { card: '4242' };
    // @ts-expect-error the form's views of a registered method are missing
    const missing: EveryMethodViews = {};
    // @ts-expect-error the screens' views of a method that is not registered
    const extra = { momo: momoScreenViews, card: momoScreenViews } satisfies EveryMethodScreenViews;
    // @ts-expect-error the screens' views where the form's belong
    const swapped = { momo: momoScreenViews } satisfies EveryMethodViews;
    expect([values.country, view.type, other, missing, Object.keys(extra), swapped.momo]).toEqual([
      'sn',
      'momo',
      { card: '4242' },
      {},
      ['momo', 'card'],
      momoScreenViews,
    ]);
  });
});
