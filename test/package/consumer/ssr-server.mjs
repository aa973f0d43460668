// A merchant's server for the React page: creates the intent with the packaged client, renders the
// page with React on the server, serves the built client that hydrates it.
//   MOMO_API_BASE=http://127.0.0.1:12111 node ssr-server.mjs   → prints "listening on http://…"
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createClient } from 'momo-checkout';
import { render } from './dist-server/entry-server.js';

const apiBase = process.env.MOMO_API_BASE;
const momo = createClient({ baseUrl: apiBase, token: 'sk_test_react_shop' });

const page = (html, props) => `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>Boutique Mbemba</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:1.5rem auto;padding:0 1rem}#paid{color:#0a6847;font-weight:600}</style></head>
<body><div id="root">${html}</div>
<script id="app-props" type="application/json">${JSON.stringify(props).replaceAll('<', '\\u003c')}</script>
<script type="module" src="/assets/client.js"></script></body></html>`;

const server = createServer(async (req, res) => {
  try {
    if (req.url === '/') {
      const intent = await momo.createIntent({ amount: 15000, currency: 'xaf', description: 'Sac de riz 25 kg' });
      const props = { intentId: intent.intent_id, clientSecret: intent.client_secret ?? '', apiBase };
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page(render(props), props));
    } else if (req.url?.startsWith('/assets/') && !req.url.includes('..')) {
      const body = await readFile(new URL(`./dist${req.url}`, import.meta.url));
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' }).end(body);
    } else {
      res.writeHead(404).end();
    }
  } catch (error) {
    console.error(error);
    res.writeHead(500).end();
  }
});
server.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
