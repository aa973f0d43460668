// @vitest-environment node
// A payment link's preview in a chat (src/server/link-html.ts): the page fetched as a link-preview
// fetcher does — no script, the HTML read by a real parser (parse5, the WHATWG parser jsdom uses) — carries the Open
// Graph and Twitter card tags with the merchant's name and the amount as payers read them, what is
// sold, the page's own address and an image that is there, a PNG small enough for a slow network.
import { type DefaultTreeAdapterMap, parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { linkResponse } from '../../src/server/link-html';
import { linkSetup, PUBLIC } from './link-setup';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** Every element of the tree, in document order. */
function* elements(node: Node): Generator<Element> {
  if ('tagName' in node) yield node;
  const children = 'childNodes' in node ? node.childNodes : [];
  for (const child of children) yield* elements(child);
  if ('content' in node && node.content) yield* elements(node.content);
}

const attribute = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;

/** What a preview fetcher keeps of a page: the head's meta tags by property or name. */
function tagsOf(html: string): Record<string, string> {
  const document = parse(html);
  const head = [...elements(document)].find((element) => element.tagName === 'head');
  const tags: Record<string, string> = {};
  for (const meta of head ? elements(head) : []) {
    const key = meta.tagName === 'meta' ? (attribute(meta, 'property') ?? attribute(meta, 'name')) : undefined;
    if (key) tags[key] = attribute(meta, 'content') ?? '';
  }
  return tags;
}

const previewTags = async (res: Response) => tagsOf(await res.text());

describe('a payment link’s preview tags', () => {
  it('name the merchant and the amount, what is sold, the page and its image', async () => {
    const s = await linkSetup({ name: 'Chez Mami "Aux <Beignets>"' });
    const link = await s.create({ amount: 2500, currency: 'xaf', description: 'Beignets & bouillie, 12 pièces' });
    const tags = await previewTags(await s.page(`/l/${link.id}`, { headers: { 'User-Agent': 'WhatsApp/2.23' } }));
    expect(tags).toMatchObject({
      'og:type': 'website',
      'og:title': 'Chez Mami "Aux <Beignets>" — 2\u202f500\u00a0FCFA',
      'og:description': 'Beignets & bouillie, 12 pièces',
      'og:url': `${PUBLIC}/l/${link.id}`,
      'og:image': `${PUBLIC}/l/${link.id}/preview.png`,
      'og:image:type': 'image/png',
      'og:locale': 'fr_FR',
      'twitter:card': 'summary',
      'twitter:title': 'Chez Mami "Aux <Beignets>" — 2\u202f500\u00a0FCFA',
      'twitter:image': `${PUBLIC}/l/${link.id}/preview.png`,
    });
    const image = await s.page(new URL(tags['og:image'] as string).pathname);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await image.arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(bytes.length).toBeLessThan(4096);
    const side = Number(tags['og:image:width']);
    expect(new DataView(bytes.buffer).getUint32(16)).toBe(side);
    expect(tags['og:image:height']).toBe(String(side));
  });

  it('give the bounds of an amount the payer chooses, in the language asked for, and hold on a closed link', async () => {
    const s = await linkSetup({ name: 'Tontine du marché' });
    const link = await s.create({ amountMin: 500, amountMax: 20000, currency: 'xof', description: 'Cotisation' });
    const tags = await previewTags(await s.page(`/l/${link.id}?lang=en`));
    expect(tags['og:title']).toBe('Tontine du marché — F\u202fCFA\u00a0500 – F\u202fCFA\u00a020,000');
    await s.call('POST', `/v1/payment-links/${link.id}/deactivate`);
    const closed = await previewTags(await s.page(`/l/${link.id}?lang=en`));
    expect(closed['og:title']).toBe(tags['og:title']);
  });

  it('are escaped like every text: a quote in a value cannot open another attribute', async () => {
    const res = linkResponse(200, {
      lang: 'fr',
      title: 't',
      body: '',
      preview: {
        title: '"><script>x()</script>',
        description: "a' b",
        url: 'u',
        image: { url: 'i', side: 1, alt: 'a' },
      },
    });
    const html = await res.text();
    expect([...elements(parse(html))].some((element) => element.tagName === 'script')).toBe(false);
    expect(tagsOf(html)['og:title']).toBe('"><script>x()</script>');
  });
});
