// The demo shop's own script, as a merchant would write it: when the customer chooses to pay, it
// asks the shop's server for a payment (POST /demo/intent: the server creates it with its secret
// key, and the page only ever sees the intent's id and client secret), then shows the checkout
// embedded or in a dialog, and tells the customer what happened. (A real shop confirms the order
// on its server, from the intent's status, before shipping anything: a browser event can be faked.)
const says = document.getElementById('shop-says').dataset;

function say(id, text) {
  const line = document.getElementById(id);
  line.textContent = text;
  line.hidden = false;
}

/** The payment of this order, created by the shop's server (the same one if asked again). */
async function paymentFor(button, purpose) {
  const body = new URLSearchParams({ order: button.dataset.order, lang: button.dataset.lang, purpose });
  const response = await fetch('/demo/intent', { method: 'POST', body });
  if (!response.ok) throw new Error(`the shop answered ${response.status}`);
  return response.json();
}

// The embedded <momo-checkout>: its events bubble up to the document.
document.addEventListener('succeeded', () => say('widget-said', says.paid));
// Left before paying: an approval may still be on its way to the payer's phone, so no promise
// either way; the order's status on the server is what counts.
document.addEventListener('canceled', () => say('widget-said', says.left));

const show = document.getElementById('show-widget');
show.addEventListener('click', async () => {
  show.disabled = true;
  show.textContent = says.loading;
  try {
    const { intentId, clientSecret } = await paymentFor(show, 'widget');
    const checkout = document.createElement('momo-checkout');
    checkout.setAttribute('intent', intentId);
    checkout.setAttribute('client-secret', clientSecret);
    checkout.setAttribute('lang', show.dataset.lang);
    document.getElementById('widget-slot').replaceChildren(checkout);
  } catch {
    show.disabled = false;
    say('widget-said', says.failed);
  }
});

const button = document.getElementById('open-dialog');
button.addEventListener('click', async () => {
  let payment;
  try {
    payment = await paymentFor(button, 'dialog');
  } catch {
    say('dialog-said', says.failed);
    return;
  }
  MomoCheckout.open({
    intentId: payment.intentId,
    clientSecret: payment.clientSecret,
    lang: button.dataset.lang,
    onSucceeded() {
      say('dialog-said', says.paid);
      button.disabled = true;
    },
    onCancel: () => say('dialog-said', says.left),
  });
});
