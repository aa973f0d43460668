// @vitest-environment node
// docs/operations.md's nginx example is what operators copy. Its upstream and retry settings must
// stay those of the nginx the load-balancer browser test runs (test/support/nginx.ts): the two
// settings many guides add instead (max_fails=N with fail_timeout, proxy_next_upstream http_502
// http_503) were measured to answer nginx's own 502 to every request, widget.js included — through a
// rolling restart, and while the payment service is down (docs/operations.md, "Two settings that
// look safer and are not").
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nginxConf } from '../support/nginx';

const doc = readFileSync(join(import.meta.dirname, '../../docs/operations.md'), 'utf8');
const example = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
const tested = nginxConf({ prefix: '/tmp/x', port: 8080, upstreams: ['127.0.0.1:8081', '127.0.0.1:8082'] });

/** Each directive's arguments, as written in the configuration, comments dropped. */
function directives(conf: string, name: string): string[] {
  return conf
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter((line) => line.startsWith(`${name} `))
    .map((line) => line.slice(name.length).replace(/;$/, '').trim());
}

describe("docs/operations.md's nginx example", () => {
  it('sets no instance aside: every upstream server has max_fails=0, as the tested nginx', () => {
    const servers = directives(example.slice(example.indexOf('upstream')), 'server').filter((s) => /^\d/.test(s));
    expect(servers).toEqual(['127.0.0.1:8081 max_fails=0', '127.0.0.1:8082 max_fails=0']);
    expect(directives(tested, 'server').filter((s) => /^\d/.test(s))).toEqual(servers);
  });

  it("retries on a refused connection or a timeout only, as the tested nginx, never on an instance's 502 or 503", () => {
    const retries = directives(example, 'proxy_next_upstream');
    expect(retries).toEqual(['error timeout', 'error timeout http_404']);
    expect(directives(tested, 'proxy_next_upstream')).toEqual([retries[0]]);
    for (const retry of retries) expect(retry).not.toMatch(/http_50[234]/);
    expect(directives(example, 'proxy_connect_timeout')).toEqual(
      directives(tested, 'proxy_connect_timeout').flatMap((t) => [t, t]),
    );
  });

  it("gives the access log nginx's own request id in every location", () => {
    expect(directives(example, 'proxy_set_header').filter((h) => h.startsWith('X-Request-Id'))).toEqual([
      'X-Request-Id $request_id',
      'X-Request-Id $request_id',
    ]);
  });
});
