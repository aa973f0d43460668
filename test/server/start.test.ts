// @vitest-environment node
// Starting and stopping a server (src/server/start.ts), through `npm start`'s own start: it listens
// (an ephemeral port with port 0) and says where; an app that cannot be made (an API origin that is
// not http(s)) fails the start; it closes with a keep-alive connection open.
import { describe, expect, it } from 'vitest';
import { startCheckoutServer } from '../../src/server/checkout-server';
import { loopbackNames } from '../../src/server/start';
import { setupDistServer } from './helpers';

const running = setupDistServer();

describe('startServer', () => {
  it('listens on an ephemeral port and reports its address', () => {
    expect(running.server.port).toBeGreaterThan(0);
    expect(running.server.url).toBe(`http://127.0.0.1:${running.server.port}`);
  });

  it('closes even with a keep-alive connection open', async () => {
    const other = await startCheckoutServer({ port: 0, distDir: running.fixture.distDir });
    await fetch(`${other.url}/demo/demo.css`); // undici keeps the connection alive
    await other.close();
    await expect(fetch(`${other.url}/`)).rejects.toThrow();
  });

  it('refuses an apiOrigin that is not an http(s) address', async () => {
    await expect(
      startCheckoutServer({ port: 0, distDir: running.fixture.distDir, apiOrigin: 'javascript:alert(1)' }),
    ).rejects.toThrow();
  });
});

describe('loopbackNames', () => {
  it('answers on loopback under loopback names and the addresses it gives out; beyond loopback, every name', () => {
    expect(loopbackNames('127.0.0.1', ['https://pay.example.cg', undefined, 'http://localhost:3000'])).toEqual([
      'localhost',
      '127.0.0.1',
      '[::1]',
      'pay.example.cg',
    ]);
    expect(loopbackNames('::1', [])).toContain('[::1]');
    expect(loopbackNames('127.0.0.2', [])).toContain('127.0.0.2');
    for (const host of ['0.0.0.0', '::', '192.168.1.20'])
      expect(loopbackNames(host, ['http://localhost:3000'])).toBeUndefined();
  });
});
