// The payment links' operations (extension, issue 31: src/sandbox/routes/payment-links.ts), rows of
// the operations table (./operations).
import { paymentLinkStatusSchema } from '../../api/schemas/payment-links';
import {
  ALWAYS,
  BODY,
  CREATE,
  conditionalRead,
  etag,
  idempotencyKey,
  idParam,
  LIST,
  listParams,
  MERCHANT,
  PUBLIC_READ,
} from './operation-parts';
import type { Operation } from './operation-types';

const tag = 'Payment links';

export const PAYMENT_LINK_OPERATIONS: readonly Operation[] = [
  {
    method: 'post',
    path: '/v1/payment-links',
    operationId: 'createPaymentLink',
    summary: 'Create a payment link',
    description:
      '`amount` (fixed), or `amountMin` and `amountMax` (the payer chooses within them); `maxPayments` counts succeeded payments.',
    tag,
    extension: true,
    caller: 'merchant',
    body: 'PaymentLinkRequest',
    parameters: [idempotencyKey],
    answers: { 201: { description: 'The link, with its public address and its QR page.', body: 'PaymentLink' } },
    errors: CREATE,
  },
  {
    method: 'get',
    path: '/v1/payment-links',
    operationId: 'listPaymentLinks',
    summary: "List the key's payment links, newest first",
    tag,
    extension: true,
    caller: 'merchant',
    parameters: listParams(paymentLinkStatusSchema.options, false),
    answers: { 200: { description: 'A page of payment links.', body: 'PaymentLinkList' } },
    errors: LIST,
  },
  {
    method: 'get',
    path: '/v1/payment-links/{id}',
    operationId: 'getPaymentLink',
    summary: 'Read a payment link',
    description: "Without a key, the public view (no metadata): what the payer's page shows.",
    tag,
    extension: true,
    caller: 'anyone-or-merchant',
    parameters: [idParam('payment link'), ...conditionalRead],
    answers: {
      200: { description: 'The link.', body: 'PublicPaymentLink', headers: { ETag: etag } },
      304: { description: 'Not modified: the link is as the reader holds it.' },
    },
    errors: PUBLIC_READ,
  },
  {
    method: 'post',
    path: '/v1/payment-links/{id}/deactivate',
    operationId: 'deactivatePaymentLink',
    summary: 'Deactivate a payment link: it takes no more payments',
    tag,
    extension: true,
    caller: 'merchant',
    parameters: [idParam('payment link')],
    bodyRequired: false,
    answers: { 200: { description: 'The link, inactive.', body: 'PaymentLink' } },
    errors: [...MERCHANT, 'not_found'],
  },
  {
    method: 'post',
    path: '/v1/payment-links/{id}/intents',
    operationId: 'openPaymentLink',
    summary: "A payer's own payment through a link",
    description: 'A fresh payment intent for the link; nothing is charged until it is confirmed.',
    tag,
    extension: true,
    caller: 'anyone',
    body: 'PaymentLinkOpenRequest',
    parameters: [idParam('payment link')],
    answers: {
      201: {
        description: "The intent, and its hosted page's address (its client secret in the fragment).",
        body: 'PaymentLinkOpened',
      },
    },
    errors: [...BODY, 'not_found', 'payment_link_inactive', 'rate_limited', 'capacity_exceeded', ...ALWAYS],
  },
];
