import { type CallOptions, type ClientConfig, request } from '../http';
import { eachOf, type ListQuery, searchOf } from '../pages';
import { sessionListSchema, sessionSchema } from '../schemas';
import type { Session, SessionList, SessionRequest, SessionStatus } from '../types';

/** POST /v1/sessions with the merchant's token; answers the session with its hosted-page `url`. */
export const createSession = (
  config: ClientConfig,
  body: SessionRequest,
  options: CallOptions = {},
): Promise<Session> =>
  request(config, { ...options, method: 'POST', path: '/v1/sessions', body, schema: sessionSchema });

/** Sandbox extension: GET /v1/sessions, the token's own sessions newest first, one page. */
export const listSessions = (
  config: ClientConfig,
  query: ListQuery<SessionStatus> = {},
  options: CallOptions = {},
): Promise<SessionList> =>
  request(config, { ...options, method: 'GET', path: `/v1/sessions${searchOf(query)}`, schema: sessionListSchema });

/** Sandbox extension: every session `listSessions` finds, page after page (`for await`). */
export const eachSession = (
  config: ClientConfig,
  query: ListQuery<SessionStatus> = {},
  options: CallOptions = {},
): AsyncGenerator<Session, void, undefined> =>
  eachOf((page, o) => listSessions(config, { ...query, page }, o), query, options);
