// Extension: `GET /v1/availability[?country=cg]`, each wallet's health (../availability.ts). Public:
// it names no payment, and a payer's page, which holds no token, may read it; cacheable for a short
// while, so a page or a proxy asking again within it costs the service nothing.
import type { Hono } from 'hono';
import { findCountry } from '../../phone';
import { availabilityOf } from '../availability';
import { publicCors, publicPreflight } from '../cors';
import type { Deps, SandboxEnv } from '../env';
import { invalidField } from '../errors';
import { jsonResponse } from '../json';

/** How long an answer may be kept: health changes in minutes; a page may be a little late to hear it. */
export const AVAILABILITY_MAX_AGE_S = 30;

const PATH = '/availability';

export function availabilityRoutes(app: Hono<SandboxEnv>, { faults }: Deps): void {
  app.options(PATH, publicPreflight);
  app.get(PATH, publicCors, (c) => {
    const country = c.req.query('country');
    if (country !== undefined && !findCountry(country))
      throw invalidField('country', '`country` must be the code of a supported country, like cg.');
    return jsonResponse(
      200,
      { object: 'list', data: availabilityOf(faults?.wallets, country) },
      { 'Cache-Control': `public, max-age=${AVAILABILITY_MAX_AGE_S}` },
    );
  });
}
