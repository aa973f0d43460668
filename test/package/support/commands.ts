// Commands the package tests run in the consumer projects: their output when they succeed, their
// output in the error when they fail; servers started until they print the address they listen on.
import { type ChildProcess, execFile, spawn } from 'node:child_process';

export interface RunOptions {
  cwd: string;
  env?: Record<string, string>;
}

/** Runs a command; resolves with its stdout, rejects with everything it printed. */
export function run(command: string, args: string[], { cwd, env }: RunOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { cwd, env: { ...process.env, ...env }, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error)
          reject(new Error(`${command} ${args.join(' ')} failed in ${cwd} (${error.code}):\n${stdout}\n${stderr}`));
        else resolve(stdout);
      },
    );
  });
}

/** Starts a server that prints `… http://host:port …` when it listens; stopped with child.kill(). */
export function startCommand(
  command: string,
  args: string[],
  { cwd, env }: RunOptions,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error('did not print its address within 20 s')), 20_000);
    function fail(error: Error) {
      clearTimeout(timer);
      child.kill();
      reject(new Error(`${command} ${args.join(' ')}: ${error.message}\n${output}`));
    }
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /https?:\/\/[\w.[\]:-]+/.exec(output)?.[0];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`exited (${code})`)));
  });
}
