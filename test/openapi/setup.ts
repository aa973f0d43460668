// After each test of the validation run (vitest.openapi.config.ts): every exchange it had with the
// sandbox, checked against the document; a mismatch fails that test, naming the request.
import { afterEach } from 'vitest';
import { takeExchanges } from './record';
import { validatorOf } from './validator';

afterEach(async () => {
  const exchanges = await takeExchanges();
  if (exchanges.length === 0) return;
  const problems: string[] = [];
  for (const exchange of exchanges) problems.push(...(await validatorOf(exchange.extensions)).problems(exchange));
  if (problems.length > 0)
    throw new Error(`The sandbox and its OpenAPI document disagree:\n${[...new Set(problems)].join('\n')}`);
});
