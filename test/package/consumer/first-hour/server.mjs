// server.mjs — node server.mjs, with MOMO_API_BASE and MOMO_SECRET_KEY set
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { createClient } from 'momo-checkout';

const momo = createClient({ baseUrl: process.env.MOMO_API_BASE, token: process.env.MOMO_SECRET_KEY });
const port = Number(process.env.PORT ?? 3000);

createServer(async (req, res) => {
  if (req.method === 'POST' && req.url === '/pay') {
    // Your price, from your catalogue: never from the browser.
    const intent = await momo.createIntent({ amount: 15000, currency: 'xaf', metadata: { order: randomUUID() } });
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ intentId: intent.intent_id, clientSecret: intent.client_secret }));
    return;
  }
  res.writeHead(404).end();
}).listen(port, () => console.log(`http://localhost:${port}`));
