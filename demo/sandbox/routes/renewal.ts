/** Renewal of the location's contract: the priced offers and their acceptance (rules in state/renewal.ts). */
import type { Hono } from 'hono';
import { readJson } from '../http/body.js';
import { parseBody } from '../http/contract.js';
import type { SandboxEnv } from '../http/env.js';
import { acceptRenewal, renewalOffers } from '../state/renewal.js';
import { toLocation } from '../views/account.js';
import type { Deps } from './deps.js';
import { pathLocation } from './locations.js';

export function registerRenewalRoutes(app: Hono<SandboxEnv>, deps: Deps): void {
  const { clock } = deps;

  app.get('/v1/account/locations/:location_uuid/renewal/plans', (c) => c.json(renewalOffers(deps, pathLocation(c))));

  app.post('/v1/account/locations/:location_uuid/renewal/accept', async (c) => {
    const account = pathLocation(c);
    const body = parseBody('acceptRenewal', await readJson(c));
    acceptRenewal(deps, account, { planUuid: body.plan_uuid, termsAccepted: body.terms_accepted, startDate: body.start_date });
    return c.json(toLocation(account, clock.today()));
  });
}
