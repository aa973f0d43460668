// The demo shop's own script, as a merchant would write it: it opens the checkout in a dialog and
// tells the customer what happened. (A real shop confirms the order on its server, from the
// intent's status, before shipping anything: a browser event can be faked.)
const says = document.getElementById('shop-says').dataset;

function say(id, text) {
  const line = document.getElementById(id);
  line.textContent = text;
  line.hidden = false;
}

// The embedded <momo-checkout>: its events bubble up to the document.
document.addEventListener('succeeded', () => say('widget-said', says.paid));
// Left before paying: an approval may still be on its way to the payer's phone, so no promise
// either way; the order's status on the server is what counts.
document.addEventListener('canceled', () => say('widget-said', says.left));

const button = document.getElementById('open-dialog');
button.addEventListener('click', () => {
  MomoCheckout.open({
    intentId: button.dataset.intent,
    clientSecret: button.dataset.secret,
    lang: button.dataset.lang,
    onSucceeded() {
      say('dialog-said', says.paid);
      button.disabled = true;
    },
    onCancel: () => say('dialog-said', says.left),
  });
});
