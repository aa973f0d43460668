// Stands in for src/sandbox (its index) in the OpenAPI validation run (vitest.openapi.config.ts):
// the same sandbox, whose `fetch` also keeps a copy of every request and answer for the check after
// each test (./setup.ts). The sandbox's behaviour is untouched: the request's body reaches it
// through a pass-through that copies what it reads (a test that cuts a body, or checks that the
// sandbox stops reading one, sees the same), and the answer is cloned.
import { resolveConfig } from '../../src/sandbox/config';
import { createSandbox as createRealSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index';
import { record } from './record';

export * from '../../src/sandbox/index';

/** The body as the sandbox reads it, and what it read (`done` once it read to the end). */
function copying(body: ReadableStream<Uint8Array>) {
  const copy = { chunks: [] as Uint8Array[], done: false };
  const reader = body.getReader();
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          copy.done = true;
          controller.close();
          return;
        }
        copy.chunks.push(value);
        controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
  return { stream, copy };
}

export function createSandbox(options?: SandboxOptions): Sandbox {
  const sandbox = createRealSandbox(options);
  // Checked against the document this sandbox serves: with its extensions, or as a bare service.
  const { extensions } = resolveConfig(options);
  const faultHits = () => sandbox.faults?.hits().length ?? 0;
  const fetch: Sandbox['fetch'] = async (request, env) => {
    const hitsBefore = faultHits();
    const copied = request.body === null ? null : copying(request.body);
    const sent = copied ? new Request(request, { body: copied.stream, duplex: 'half' } as RequestInit) : request;
    const response = await sandbox.fetch(sent, env);
    // An answer a fault rule broke on purpose is the test's, not the sandbox's.
    if (faultHits() !== hitsBefore) return response;
    const { copy } = copied ?? {};
    const body = copy ? () => (copy.done ? Buffer.concat(copy.chunks).toString('utf8') : null) : null;
    record({ request, body, response: response.clone(), extensions });
    return response;
  };
  return { ...sandbox, fetch };
}
