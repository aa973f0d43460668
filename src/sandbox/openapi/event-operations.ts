// Extension (signed events): the operations of a merchant's webhook endpoints and its events, rows
// of the operations table (./operations); what is delivered is the document's `webhooks` (./webhooks).
import * as z from 'zod/mini';
import { EVENT_TYPES } from '../../api/schemas/events';
import { BODY, CREATE, idParam, idempotencyKey, MERCHANT, pageParams } from './operation-parts';
import type { Operation } from './operation-types';

const types = Object.keys(EVENT_TYPES).map((type) => type.replace(/\./g, '\\.'));
const typeList = z.string().check(z.regex(new RegExp(`^(?:${types.join('|')})(?:,(?:${types.join('|')}))*$`)));

const endpoint = (what: string): Pick<Operation, 'tag' | 'extension' | 'caller'> & { summary: string } => ({
  summary: what,
  tag: 'Events',
  extension: true,
  caller: 'merchant',
});

export const EVENT_OPERATIONS: readonly Operation[] = [
  {
    method: 'post',
    path: '/v1/webhook-endpoints',
    operationId: 'createWebhookEndpoint',
    ...endpoint('Register an endpoint for the key’s events'),
    description:
      'Its `secret` (`whsec_…`) is in this answer only: every delivery to it is signed with it (Standard Webhooks). `faults` ask the sandbox to deliver wrongly on purpose (docs/sandbox.md#signed-events).',
    body: 'CreateWebhookEndpointRequest',
    parameters: [idempotencyKey],
    answers: { 201: { description: 'The endpoint, with its secret.', body: 'WebhookEndpoint' } },
    errors: CREATE,
  },
  {
    method: 'get',
    path: '/v1/webhook-endpoints',
    operationId: 'listWebhookEndpoints',
    ...endpoint('List the key’s endpoints, newest first'),
    parameters: pageParams,
    answers: { 200: { description: 'A page of endpoints, without their secrets.', body: 'WebhookEndpointList' } },
    errors: [...MERCHANT, 'invalid_request'],
  },
  {
    method: 'get',
    path: '/v1/webhook-endpoints/{id}',
    operationId: 'getWebhookEndpoint',
    ...endpoint('Read an endpoint'),
    parameters: [idParam('webhook endpoint')],
    answers: { 200: { description: 'The endpoint, without its secret.', body: 'WebhookEndpoint' } },
    errors: [...MERCHANT, 'not_found'],
  },
  {
    method: 'delete',
    path: '/v1/webhook-endpoints/{id}',
    operationId: 'deleteWebhookEndpoint',
    ...endpoint('Delete an endpoint'),
    description: 'Nothing more is delivered to it, retries owed included.',
    parameters: [idParam('webhook endpoint')],
    answers: { 204: { description: 'Deleted.' } },
    errors: [...MERCHANT, 'not_found'],
  },
  {
    method: 'get',
    path: '/v1/events',
    operationId: 'listEvents',
    ...endpoint('List the key’s events, newest first'),
    description: 'Events are made from the moment the key has an endpoint; each as its endpoints receive it.',
    parameters: [
      ...pageParams,
      { name: 'type', in: 'query', description: 'Any of these event types, comma-separated.', schema: typeList },
    ],
    answers: { 200: { description: 'A page of events.', body: 'WebhookEventList' } },
    errors: [...MERCHANT, 'invalid_request'],
  },
  {
    method: 'get',
    path: '/v1/events/{id}',
    operationId: 'getEvent',
    ...endpoint('Read an event'),
    parameters: [idParam('event')],
    answers: { 200: { description: 'The event, as delivered.', body: 'WebhookEvent' } },
    errors: [...MERCHANT, 'not_found'],
  },
  {
    method: 'get',
    path: '/v1/events/{id}/deliveries',
    operationId: 'listEventDeliveries',
    ...endpoint('Every attempt to deliver an event, oldest first'),
    parameters: [idParam('event')],
    answers: { 200: { description: 'The attempts, made and still owed.', body: 'WebhookDeliveryList' } },
    errors: [...MERCHANT, 'not_found'],
  },
  {
    method: 'post',
    path: '/v1/events/{id}/replay',
    operationId: 'replayEvent',
    ...endpoint('Deliver an event again'),
    description:
      'The same event, the same `webhook-id`, queued again to one endpoint (`endpointId`) or to every endpoint of the key that takes its type. The body may be left out.',
    parameters: [idParam('event')],
    body: 'ReplayEventRequest',
    bodyRequired: false,
    answers: { 202: { description: 'The deliveries queued.', body: 'WebhookDeliveryList' } },
    errors: [...MERCHANT, ...BODY, 'not_found', 'capacity_exceeded'],
  },
];
