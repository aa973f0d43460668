import { afterAll, afterEach } from 'vitest';
import { addCatalogue } from '../src/i18n';
import { en } from '../src/i18n/en';

// Testing Library only where there is a DOM: the node files (most of them) do without its import.
if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/preact');
  afterEach(() => cleanup());
  // waitFor and findBy* give up after this: long enough that a busy machine never fails a test that
  // only waits for the sandbox's answer (their default is 1 s), short enough to end a hang.
  configure({ asyncUtilTimeout: 10_000 });
  // Preact's hooks run effects after the next frame, with a 100 ms timer in case no frame comes;
  // that timer calls cancelAnimationFrame, which the DOM's teardown removes. On a busy machine a
  // file's last timer outlived its DOM and failed the run ("cancelAnimationFrame is not defined"):
  // outwait it — a later timer fires after every earlier one.
  afterAll(() => new Promise((resolve) => setTimeout(resolve, 150)));
}

// English is loaded when a page wants it (src/i18n/load.ts; the hosted page's English first screen
// brings it in its HTML): the component tests render it as a page that has it. How it arrives is
// tested on its own (test/i18n, and the browser tests, which run the build).
addCatalogue('en', en);
