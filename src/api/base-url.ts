// The service's address as a merchant gives it. The sandbox prints `http://127.0.0.1:4010/v1`, the
// interface's paths start with `/v1`: both forms are taken, and a wrong one is refused at once with
// what is wrong, rather than as a 404 at the first call.

const example = 'such as https://api.example.com or http://127.0.0.1:4010/v1';

/** `baseUrl` without a trailing `/` or `/v1` (the client adds `/v1/…`); throws a TypeError saying what is wrong. */
export function serviceBase(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(`baseUrl must be the service's absolute address, ${example}; got ${JSON.stringify(baseUrl)}.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`baseUrl must be an http: or https: address, ${example}; got ${JSON.stringify(baseUrl)}.`);
  }
  if (url.username || url.password) {
    throw new TypeError('baseUrl must not carry a user or password: pass the secret key as `token`.');
  }
  if (url.search || url.hash) {
    throw new TypeError(
      `baseUrl must have no query (?…) or fragment (#…): the client adds each endpoint's path to it; got ${JSON.stringify(baseUrl)}.`,
    );
  }
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v1$/i, '');
  if (/\/v1\//i.test(`${path}/`)) {
    throw new TypeError(`baseUrl must end before the API's paths (at most with /v1); got ${JSON.stringify(baseUrl)}.`);
  }
  return url.origin + path;
}
