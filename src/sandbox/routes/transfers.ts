import type { Hono } from 'hono';
import type * as z from 'zod/mini';
import { disbursementRequestSchema, remittanceRequestSchema } from '../../api/schemas';
import { requireMerchant } from '../auth';
import { forbidBrowsers, merchantPreflight } from '../cors';
import type { Deps, SandboxEnv } from '../env';
import { jsonResponse } from '../json';
import { pageNumber } from '../lists';
import { checkMomo } from '../momo';
import { inTurn } from '../list-turns';
import { listLimit } from '../rate-limit';
import type { Owner } from '../store/records';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../lists';
import { createTransfer, remittancePage, toDisbursement, toRemittanceCreated } from '../transfers';
import { checkedAmount, checkedCurrency, parseWith } from '../validate';
import { idempotentCreate } from './merchant';

/** A remittance body is a disbursement body plus optional metadata, which is not kept. */
type DisbursementRequestBody = z.output<typeof disbursementRequestSchema>;

const REMITTANCE = '/remittance';
const DISBURSEMENT = '/disbursement';
const MAX_PAGE = 1_000_000;

export function transferRoutes(app: Hono<SandboxEnv>, deps: Deps): void {
  const { config, store } = deps;
  const limited = listLimit(deps.listLimit, config.now);
  const turn = inTurn(deps.listTurns);

  /** The record a remittance or disbursement body asks for (amount, account and names checked), stored. */
  const transferFrom = (
    kind: 'remittance' | 'disbursement',
    body: DisbursementRequestBody,
    owner: Owner,
    now: number,
  ) => {
    const account = checkMomo(body.payment_method_data);
    const currency = checkedCurrency(body.currency, account.country);
    const input = {
      kind,
      owner,
      amount: checkedAmount(body.amount),
      currency,
      firstName: body.first_name,
      lastName: body.last_name,
      account,
    };
    const record = createTransfer(input, now, config.executionMs);
    store.write([{ kind: 'transfer', record }], owner, 'token');
    return record;
  };
  app.options(REMITTANCE, merchantPreflight);
  app.options(DISBURSEMENT, merchantPreflight);

  app.get(REMITTANCE, forbidBrowsers, requireMerchant, limited, turn, (c) => {
    const page = pageNumber(c, 'page', 1, MAX_PAGE);
    const perPage = pageNumber(c, 'perPage', DEFAULT_PER_PAGE, MAX_PER_PAGE);
    // A merchant lists its own remittances only.
    return jsonResponse(200, remittancePage(store.remittancesNewestFirst(c.get('owner')), page, perPage, config.now()));
  });

  app.post(REMITTANCE, forbidBrowsers, requireMerchant, (c) =>
    idempotentCreate(c, deps, REMITTANCE, (value, owner, now) => {
      const record = transferFrom('remittance', parseWith(remittanceRequestSchema, value), owner, now);
      return { status: 201, body: toRemittanceCreated(record, now) };
    }),
  );

  app.post(DISBURSEMENT, forbidBrowsers, requireMerchant, (c) =>
    idempotentCreate(c, deps, DISBURSEMENT, (value, owner, now) => {
      const record = transferFrom('disbursement', parseWith(disbursementRequestSchema, value), owner, now);
      return { status: 201, body: toDisbursement(record, now) };
    }),
  );
}
