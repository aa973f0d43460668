// Debian's WebKitGTK (WebKit, the engine of every iPhone browser) driven by selenium-webdriver
// through WebKitWebDriver (webkit2gtk-driver), which starts MiniBrowser in automation mode. It
// needs an X display: a private Xvfb is started for it and stopped with it (a developer tool:
// nothing here ships).
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { Builder, type WebDriver } from 'selenium-webdriver';

export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const XVFB_PATH = process.env.XVFB_PATH ?? '/usr/bin/Xvfb';

/** Time allowed for the display, the driver and the browser to start: generous, for a loaded CI machine. */
const PATIENCE_MS = 120_000;

export interface WebKitGtk {
  driver: WebDriver;
  close(): Promise<void>;
}

export async function launchWebKitGtk(): Promise<WebKitGtk> {
  const xvfb = await startXvfb();
  let webDriver: ChildProcess | undefined;
  try {
    const port = await freePort();
    webDriver = spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`], {
      env: { ...process.env, DISPLAY: xvfb.display },
      stdio: 'ignore',
    });
    const url = `http://127.0.0.1:${port}`;
    await until(() => ready(url), `WebKitWebDriver on ${url}`);
    const driver = await new Builder()
      .usingServer(url)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
        pageLoadStrategy: 'normal',
      })
      .build();
    await driver.manage().setTimeouts({ pageLoad: PATIENCE_MS, script: PATIENCE_MS });
    const started = webDriver;
    return {
      driver,
      async close() {
        await driver.quit().catch(() => {});
        await stop(started);
        await xvfb.close();
      },
    };
  } catch (error) {
    if (webDriver) await stop(webDriver);
    await xvfb.close();
    throw error;
  }
}

/** A private X display on a number Xvfb chooses itself (-displayfd), so parallel runs never collide. */
async function startXvfb(): Promise<{ display: string; close(): Promise<void> }> {
  const child = spawn(XVFB_PATH, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  const number = await new Promise<string>((resolve, reject) => {
    let said = '';
    const timer = setTimeout(() => reject(new Error('Xvfb named no display')), PATIENCE_MS);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before naming its display`)));
    child.stdio[3]?.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('\n')) {
        clearTimeout(timer);
        resolve(said.trim());
      }
    });
  });
  return { display: `:${number}`, close: () => stop(child) };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function ready(url: string): Promise<boolean> {
  try {
    const answer = await fetch(`${url}/status`);
    return answer.ok && ((await answer.json()) as { value?: { ready?: boolean } }).value?.ready === true;
  } catch {
    return false;
  }
}

/** Polls `condition` until it holds, for at most PATIENCE_MS: a condition, never a fixed sleep. */
async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + PATIENCE_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} did not start within ${PATIENCE_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
