// The demo shop's products and the basket every visitor has. Prices are whole francs CFA (XAF has
// no minor unit) and are only ever taken from here, never from a form.
import type { SessionItem } from '../api/types';
import type { ShopLang } from './strings';

export interface Product {
  id: string;
  name: Readonly<Record<ShopLang, string>>;
  description: Readonly<Record<ShopLang, string>>;
  price: number;
}

export const PRODUCTS: readonly Product[] = [
  {
    id: 'prt_pagneWax6y',
    name: { fr: 'Pagne wax, 6 yards', en: 'Wax print fabric, 6 yards' },
    description: { fr: 'Coton imprimé, motifs traditionnels.', en: 'Printed cotton, traditional patterns.' },
    price: 15_000,
  },
  {
    id: 'prt_cafeOuest500',
    name: { fr: 'Café de l’Ouest, 500 g', en: 'West Region coffee, 500 g' },
    description: { fr: 'Arabica torréfié à Bafoussam.', en: 'Arabica roasted in Bafoussam.' },
    price: 3_500,
  },
  {
    id: 'prt_savonNoir',
    name: { fr: 'Savon noir artisanal', en: 'Handmade black soap' },
    description: { fr: 'Au beurre de karité.', en: 'With shea butter.' },
    price: 1_250,
  },
];

/** The basket of the demo: product id → quantity. */
export const CART: readonly { productId: string; quantity: number }[] = [
  { productId: 'prt_pagneWax6y', quantity: 1 },
  { productId: 'prt_cafeOuest500', quantity: 2 },
  { productId: 'prt_savonNoir', quantity: 1 },
];

export interface CartLine {
  product: Product;
  quantity: number;
  amount: number;
}

export function cartLines(): CartLine[] {
  return CART.map(({ productId, quantity }) => {
    const product = PRODUCTS.find((candidate) => candidate.id === productId);
    if (!product) throw new Error(`The demo cart names an unknown product ${productId}.`);
    return { product, quantity, amount: product.price * quantity };
  });
}

export const cartTotal = (lines: readonly CartLine[]) => lines.reduce((sum, line) => sum + line.amount, 0);

/** The basket as session items, named in the payer's language. */
export const sessionItems = (lines: readonly CartLine[], lang: ShopLang): SessionItem[] =>
  lines.map(({ product, quantity }) => ({
    productId: product.id,
    quantity,
    price: product.price,
    productName: product.name[lang],
  }));

const XAF = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'XAF' });

/** `15 000 FCFA`, the way prices are written in Central Africa, whatever the page's language. */
export const formatXaf = (amount: number) => XAF.format(amount);
