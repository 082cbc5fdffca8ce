/** Connecting a battery: makers, authorizations and the connected devices (rules in state/battery.ts). */
import type { Hono } from 'hono';
import { BATTERY_MAKERS, toBatteryMaker } from '../battery/makers.js';
import { readJson } from '../http/body.js';
import { parseBody, validPathParameter } from '../http/contract.js';
import type { SandboxEnv } from '../http/env.js';
import { fail } from '../http/errors.js';
import { createAuthorization, devicesOf, toAuthorization, toDevice } from '../state/battery.js';
import { tokenAccount, type Deps } from './deps.js';

export function registerBatteryRoutes(app: Hono<SandboxEnv>, deps: Deps): void {
  const { store, clock, config } = deps;
  /** Where the maker's page may send the customer back: the flow's own origin and the App's. */
  const returnOrigins = () => [new URL(config.flowUrl).origin, ...store.app.allowedOrigins];

  app.get('/v1/account/battery/makers', (c) => c.json(BATTERY_MAKERS.map(toBatteryMaker)));

  app.post('/v1/account/battery/authorizations', async (c) => {
    const account = tokenAccount(c);
    const body = parseBody('createBatteryAuthorization', await readJson(c));
    const returnUrl = body.return_url ?? null;
    // The maker's page redirects there: only to the flow or the partner, never an open redirect.
    if (returnUrl !== null && !returnOrigins().includes(new URL(returnUrl).origin)) {
      throw fail.unprocessable('return_url', 'range', `return_url must be on the flow's origin or one of the App's allowed origins: ${returnOrigins().join(', ')}`);
    }
    const record = createAuthorization(store, { accountUuid: account.uuid, maker: body.maker, returnUrl, locale: account.locale });
    return c.json(toAuthorization(record, clock.nowMs(), config.publicUrl), 201);
  });

  app.get('/v1/account/battery/authorizations/:authorization_id', (c) => {
    const account = tokenAccount(c);
    const raw = c.req.param('authorization_id');
    const record = validPathParameter('BatteryAuthorizationId', raw) ? store.batteryAuthorizations.get(raw.toLowerCase()) : undefined;
    if (!record || record.accountUuid !== account.uuid) throw fail.notFound(`No battery authorization ${raw} on this account`);
    return c.json(toAuthorization(record, clock.nowMs(), config.publicUrl));
  });

  app.get('/v1/account/battery/devices', (c) => {
    const account = tokenAccount(c);
    return c.json({ data: devicesOf(store, account.uuid).map((d) => toDevice(d, clock)) });
  });
}
