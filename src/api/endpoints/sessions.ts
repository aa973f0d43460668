import { type CallOptions, type ClientConfig, request } from '../http';
import { sessionSchema } from '../schemas';
import type { Session, SessionRequest } from '../types';

/** POST /v1/sessions with the merchant's token; answers the session with its hosted-page `url`. */
export const createSession = (config: ClientConfig, body: SessionRequest, options: CallOptions = {}): Promise<Session> =>
  request(config, { ...options, method: 'POST', path: '/v1/sessions', body, schema: sessionSchema });
