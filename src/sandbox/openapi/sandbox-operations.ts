// The sandbox's own operations, none in the service's interface: a merchant token's profile, its
// logo as payers' pages load it, and the page that plays a wallet's app. Rows of the operations
// table (./operations), every one an extension.
import * as z from 'zod/mini';
import { STEPS } from '../../methods/step-registry';
import { ALWAYS, BODY, htmlPage, idParam, MERCHANT } from './operation-parts';
import type { Operation } from './operation-types';

/**
 * The steps whose payer's side the sandbox's page at `/v1/_sandbox/<path>/` plays, by the registry's
 * names: the document names a step as the service does, and only where the step says so.
 */
const stepsPlayedAt = (path: string): string =>
  Object.entries(STEPS)
    .filter(([, step]) => step.sandbox.page?.path === path)
    .map(([name]) => name)
    .join(', ');

export const SANDBOX_OPERATIONS: readonly Operation[] = [
  {
    method: 'get',
    path: '/v1/_sandbox/merchant',
    operationId: 'getMerchantProfile',
    summary: "Read the key's merchant profile",
    tag: 'Sandbox',
    extension: true,
    caller: 'merchant',
    answers: { 200: { description: 'The profile payers are shown.', body: 'Merchant' } },
    errors: [...MERCHANT, 'not_found'],
  },
  {
    method: 'put',
    path: '/v1/_sandbox/merchant',
    operationId: 'putMerchantProfile',
    summary: "Replace the key's merchant profile",
    tag: 'Sandbox',
    extension: true,
    caller: 'merchant',
    body: 'MerchantProfileRequest',
    answers: { 200: { description: 'The profile, its logo served by the sandbox.', body: 'Merchant' } },
    errors: [...MERCHANT, ...BODY, 'capacity_exceeded'],
  },
  {
    method: 'get',
    path: '/v1/merchant-logos/{file}',
    operationId: 'getMerchantLogo',
    summary: "A merchant profile's logo, as payers' pages load it",
    tag: 'Sandbox',
    extension: true,
    caller: 'anyone',
    parameters: [
      {
        name: 'file',
        in: 'path',
        required: true,
        description: 'The first 32 hex digits of its SHA-256, and its type.',
        schema: z.string(),
      },
    ],
    answers: {
      200: {
        description: 'The image, exactly as it was set.',
        body: { mediaTypes: ['image/png', 'image/webp'] },
      },
    },
    errors: ['not_found', ...ALWAYS],
  },
  {
    method: 'get',
    path: '/v1/_sandbox/wallet/{id}/{token}',
    operationId: 'showWalletPage',
    summary: `The sandbox's page that plays a wallet's app (the launch address of ${stepsPlayedAt('wallet')})`,
    tag: 'Sandbox',
    extension: true,
    caller: 'anyone',
    parameters: [
      idParam('payment intent'),
      { name: 'token', in: 'path', required: true, description: "The attempt's launch token.", schema: z.string() },
    ],
    answers: { 200: { description: 'The page, Approve and Decline.', body: htmlPage } },
    errors: ['not_found', ...ALWAYS],
  },
  {
    method: 'post',
    path: '/v1/_sandbox/wallet/{id}/{token}',
    operationId: 'answerWalletPage',
    summary: "Approve or decline on the sandbox's wallet page",
    tag: 'Sandbox',
    extension: true,
    caller: 'anyone',
    parameters: [
      idParam('payment intent'),
      { name: 'token', in: 'path', required: true, description: "The attempt's launch token.", schema: z.string() },
    ],
    bodyRequired: false,
    body: {
      mediaTypes: ['application/x-www-form-urlencoded'],
      schema: z.object({ answer: z.optional(z.enum(['approve', 'decline'])), token: z.optional(z.string()) }),
    },
    answers: {
      200: { description: 'The page again, the answer recorded.', body: htmlPage },
      403: {
        description: "Nothing done: the form's token is not this sandbox's (the page again, with one that is).",
        body: htmlPage,
      },
    },
    errors: ['not_found', ...ALWAYS],
  },
  {
    method: 'post',
    path: '/v1/_sandbox/menu/{id}',
    operationId: 'approveFromMenu',
    summary: "Play the payer approving a pending push from the wallet's menu (its USSD code)",
    tag: 'Sandbox',
    extension: true,
    caller: 'merchant',
    parameters: [idParam('payment intent')],
    answers: {
      200: {
        description:
          'The latest attempt, as a confirm answers it: approved if its push was still waiting (the number ending 96 succeeds), else unchanged.',
        body: 'ConfirmResult',
      },
    },
    errors: [...MERCHANT, 'not_found'],
  },
];
