// The CommonJS declarations (index.d.cts, widget.d.cts) under node16, as a `require` sees them.
import momo = require('momo-checkout');
import widget = require('momo-checkout/widget');

const client = momo.createClient({ baseUrl: 'http://127.0.0.1:12111' });
export const read = (id: string): Promise<number> => client.getIntent(id).then((intent) => intent.amount);
// @ts-expect-error getIntent takes an id
void client.getIntent();

export const start = (): void => {
  widget.define();
  const handle = widget.mount('#pay', { intentId: 'pi_1', clientSecret: 'pi_1_secret_x' });
  handle.setLang('en');
};
