// Remittances and disbursements: money sent to a mobile number, executed `executionMs` after
// creation. The status is derived from the clock whenever a record is shown.
import type { Disbursement, Remittance, RemittanceCreated, RemittanceList } from '../api/types';
import { newId, numericReference } from './ids';
import type { MomoAccount } from './momo';
import type { NewestFirst } from './store/owner-index';
import type { Owner, TransferRecord } from './store/records';
import { pageOf, pageOnly } from './lists';
import { isoAt } from './time';

export interface NewTransfer {
  kind: TransferRecord['kind'];
  owner: Owner;
  amount: number;
  currency: string;
  firstName: string;
  lastName: string;
  account: MomoAccount;
}

export function createTransfer(input: NewTransfer, now: number, executionMs: number): TransferRecord {
  return {
    kind: input.kind,
    id: newId(input.kind === 'remittance' ? 'rem' : 'wt'),
    owner: input.owner,
    amount: input.amount,
    currency: input.currency,
    firstName: input.firstName,
    lastName: input.lastName,
    operator: input.account.operator,
    country: input.account.country,
    phone: input.account.msisdn,
    walletId: newId('wal'),
    financialTransactionId: numericReference(),
    transactionId: newId('txn'),
    externalId: newId('ext'),
    createdAt: now,
    executesAt: now + executionMs,
  };
}

const isExecuted = (record: TransferRecord, now: number) => now >= record.executesAt;

function common(record: TransferRecord, now: number) {
  return {
    amount: record.amount,
    currency: record.currency,
    status: isExecuted(record, now) ? 'succeeded' : 'processing',
    firstName: record.firstName,
    lastName: record.lastName,
    operatorName: record.operator,
    country: record.country,
    phone: record.phone,
    type: 1,
    shouldExecutedAt: isoAt(record.executesAt),
    createdAt: isoAt(record.createdAt),
    updatedAt: isoAt(isExecuted(record, now) ? record.executesAt : record.createdAt),
  };
}

export const toRemittanceCreated = (record: TransferRecord, now: number): RemittanceCreated => ({
  ...common(record, now),
  id: record.id,
  object: 'remittance',
});

export const toDisbursement = (record: TransferRecord, now: number): Disbursement => ({
  ...common(record, now),
  id: record.id,
  object: 'disbursement',
});

export const toRemittance = (record: TransferRecord, now: number): Remittance => ({
  ...toRemittanceCreated(record, now),
  walletId: record.walletId,
  financialTransactionId: record.financialTransactionId,
  transactionId: record.transactionId,
  failureCode: null,
  failureMessage: null,
  externalId: record.externalId,
  executedAt: isExecuted(record, now) ? isoAt(record.executesAt) : null,
  otp: null,
});

/** One page of remittances, newest first (the lists' pages: src/sandbox/lists.ts). A page past the end is empty, not an error. */
export function remittancePage(
  records: NewestFirst<TransferRecord>,
  page: number,
  perPage: number,
  now: number,
): RemittanceList {
  return pageOf(records, pageOnly(page, perPage), (r) => toRemittance(r, now));
}
