// @vitest-environment node
// The Dockerfile is not built by CI (no container engine runs there: docs/operations.md, "The
// container"). What can be checked without one is checked here, on the file as Docker reads it:
// the runtime stage runs as a user who is not root, installs the tarball the build stage packs
// with --omit=dev, runs a file the package ships, exposes the port it listens on; and its health
// check, run as written, passes against a /healthz that answers 200 and fails otherwise.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as {
  name: string;
  files: string[];
  bin?: Record<string, string>;
  engines: { node: string };
};

interface Instruction {
  keyword: string;
  args: string;
}

/** The instructions of a Dockerfile: continuation lines joined, comments and blank lines dropped. */
function instructionsOf(text: string): Instruction[] {
  const lines: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    if (/^\s*#/.test(raw) || (pending === '' && raw.trim() === '')) continue;
    const line = raw.replace(/\s+$/, '');
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    lines.push(pending + line);
    pending = '';
  }
  return lines.map((line) => {
    const [, keyword = '', args = ''] = /^\s*(\S+)\s*(.*)$/.exec(line) ?? [];
    return { keyword: keyword.toUpperCase(), args: args.trim() };
  });
}

/** The stages, each from its FROM: its name (`AS name`) and its instructions. */
function stagesOf(instructions: Instruction[]): { from: string; name: string | null; body: Instruction[] }[] {
  const stages: { from: string; name: string | null; body: Instruction[] }[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const [from = '', , name = null] = instruction.args.split(/\s+/);
      stages.push({ from, name, body: [] });
    } else stages.at(-1)?.body.push(instruction);
  }
  return stages;
}

/** An exec-form argument list (`["node", "…"]`); a shell form fails the test that reads it. */
const execForm = (args: string): string[] => JSON.parse(args) as string[];

/** Whether package.json's `files` takes `path` into the tarball (folders, `*` globs, exact names). */
const shipped = (path: string) =>
  pkg.files.some((entry) =>
    entry.endsWith('/')
      ? path.startsWith(entry)
      : new RegExp(`^${entry.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`).test(path),
  );

const dockerfile = read('Dockerfile');
const stages = stagesOf(instructionsOf(dockerfile));
const build = stages[0]!;
const runtime = stages.at(-1)!;
const all = (stage: typeof runtime, keyword: string) => stage.body.filter((i) => i.keyword === keyword);
const last = (stage: typeof runtime, keyword: string) => all(stage, keyword).at(-1);

describe('Dockerfile', () => {
  it('reads instructions as Docker does: continuations joined, comments dropped, stages apart', () => {
    const parsed = stagesOf(
      instructionsOf('# c\nFROM a AS one\nRUN x \\\n  && y\n\nFROM b\n# inside\nUSER node\nCMD ["node", "f.mjs"]\n'),
    );
    expect(parsed).toEqual([
      { from: 'a', name: 'one', body: [{ keyword: 'RUN', args: 'x    && y' }] },
      {
        from: 'b',
        name: null,
        body: [
          { keyword: 'USER', args: 'node' },
          { keyword: 'CMD', args: '["node", "f.mjs"]' },
        ],
      },
    ]);
  });

  it('builds in one stage and runs in another, both on a Node the package supports', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const floor = Number(/(\d+)/.exec(pkg.engines.node)?.[1]);
    for (const stage of stages) {
      const major = Number(/^node:(\d+)/.exec(stage.from)?.[1]);
      expect(major, stage.from).toBeGreaterThanOrEqual(floor);
    }
  });

  it('packs the package in the build stage and installs that tarball with --omit=dev in the runtime stage', () => {
    expect(all(build, 'RUN').some((i) => /\bnpm ci\b/.test(i.args))).toBe(true);
    expect(all(build, 'RUN').some((i) => /\bnpm pack\b/.test(i.args))).toBe(true);
    const copied = all(runtime, 'COPY').filter((i) => i.args.includes(`--from=${build.name}`));
    expect(copied.some((i) => /\.tgz\b/.test(i.args))).toBe(true);
    const installs = all(runtime, 'RUN').filter((i) => /\bnpm (install|i|ci)\b/.test(i.args));
    expect(installs.length).toBeGreaterThan(0);
    for (const install of installs) {
      expect(install.args).toMatch(/--omit=dev\b/);
      expect(install.args).toMatch(/\.tgz\b/);
    }
  });

  it('runs as a user who is not root', () => {
    // The stage's last USER is the one its CMD and HEALTHCHECK run as.
    const user = last(runtime, 'USER');
    expect(user).toBeDefined();
    expect(user!.args.split(':')[0]).not.toMatch(/^(root|0)$/);
  });

  it(`runs a file the package ships, from where it installed it`, () => {
    const [command, file, ...rest] = execForm(last(runtime, 'CMD')!.args);
    expect(command).toBe('node');
    expect(rest).toEqual([]);
    const prefix = `node_modules/${pkg.name}/`;
    expect(file!.startsWith(prefix), file).toBe(true);
    expect(shipped(file!.slice(prefix.length)), file).toBe(true);
    // Relative to the WORKDIR the install ran in.
    const workdir = last(runtime, 'WORKDIR')!;
    const install = all(runtime, 'RUN').find((i) => /--omit=dev/.test(i.args))!;
    expect(runtime.body.indexOf(workdir)).toBeLessThan(runtime.body.indexOf(install));
  });

  it('runs the file of the momo-checkout-server command', () => {
    const [, file] = execForm(last(runtime, 'CMD')!.args);
    expect(file).toBe(`node_modules/${pkg.name}/${pkg.bin!['momo-checkout-server']!.replace(/^\.\//, '')}`);
  });

  it('exposes the port it sets for the server', () => {
    const port = /\bPORT=(\d+)/.exec(
      all(runtime, 'ENV')
        .map((i) => i.args)
        .join(' '),
    )?.[1];
    expect(port).toBeDefined();
    expect(last(runtime, 'EXPOSE')?.args).toBe(port);
  });

  it('leaves a local install and build out of the build context, and keeps what the build needs in', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', 'dist', '.git']));
    for (const needed of ['package.json', 'package-lock.json', 'src', 'scripts', 'index.html', 'vite.config.ts'])
      expect(ignored, needed).not.toContain(needed);
  });
});

describe('Dockerfile › HEALTHCHECK, run as written', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
  });

  /** A server answering `status(path)`, on a free port of 127.0.0.1. */
  async function serve(status: (path: string) => number): Promise<number> {
    const server = createServer((req, res) => res.writeHead(status(req.url ?? '')).end());
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    return (server.address() as AddressInfo).port;
  }

  /** The health check's exit code, its PORT set to `port`. */
  function check(port: number): Promise<number | null> {
    const healthcheck = last(runtime, 'HEALTHCHECK')!.args;
    const [, , cmd = ''] = /^(.*?)\bCMD\s+(.*)$/.exec(healthcheck) ?? [];
    const [command, ...args] = execForm(cmd);
    expect(command).toBe('node');
    return new Promise((done, fail) => {
      const child = spawn(process.execPath, args, {
        env: { PATH: process.env.PATH, PORT: String(port) },
        stdio: 'ignore',
      });
      child.on('error', fail);
      child.on('exit', (code) => done(code));
    });
  }

  it('passes when /healthz answers 200', async () => {
    expect(await check(await serve((path) => (path === '/healthz' ? 200 : 404)))).toBe(0);
  });

  it('fails when /healthz answers 503, or only another path answers 200', async () => {
    expect(await check(await serve(() => 503))).not.toBe(0);
    expect(await check(await serve((path) => (path === '/healthz' ? 404 : 200)))).not.toBe(0);
  });

  it('fails when nothing listens', async () => {
    const port = await serve(() => 200);
    await new Promise((done) => servers.pop()!.close(done));
    expect(await check(port)).not.toBe(0);
  });
});
