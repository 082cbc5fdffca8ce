/**
 * A sandbox with one of everything a refusal can be about: accounts at each stage (fresh, plans quoted, ready to
 * finalize, client agent, cancelled, active with usage and invoices), every kind of token (account, flow of two
 * scopes, app-login, expired), quoted plans, payment methods and setup intents in each processor state, a fault
 * rule and stored custom rates. The refusal table and the fuzz suite send their requests against it.
 */
import assert from 'node:assert/strict';
import type { Plan } from '../../../../src/api/types.js';
import type { SandboxConfig } from '../../app.js';
import { addDays, localToInstant } from '../../time.js';
import { APP_TOKEN, Harness, premiseIn, type Reply } from './harness.js';

export interface WorldAccount {
  uuid: string;
  token: string;
}

export interface World {
  h: Harness;
  appToken: string;
  /** The processor's publishable key (its routes' bearer token). */
  pk: string;
  /** Created, nothing else. */
  fresh: WorldAccount;
  /** Plans quoted for an ESI ID, with custom rates stored for it. */
  quoted: WorldAccount & { esiId: string; plan: Plan };
  /** Every step done but finalize. */
  ready: WorldAccount & { esiId: string; plan: Plan; paymentMethodId: string };
  /** Power of attorney recorded. */
  clientAgent: WorldAccount;
  /** Ready, then forced to cancelled/cancelled_pre_start. */
  cancelled: WorldAccount;
  /** Finalized with the SSN of a frozen credit file: needs_attention/credit_check_frozen. */
  frozen: WorldAccount;
  /**
   * Finalized and advanced to usage history five months ago: it has a location, usage and invoices, and its 6-month
   * contract ends in 30 days, so it may renew (`renewalPlan` is one of its priced renewal offers).
   */
  active: WorldAccount & { esiId: string; plan: Plan; locationUuid: string; invoiceNumber: string; renewalPlan: Plan };
  /** A plan quoted at App level by postal code (for no account). */
  appPlan: Plan;
  tokens: {
    /** Flow tokens of the ready account. */
    flowEnrollment: string;
    flowDocuments: string;
    appLogin: string;
    /** An account token of the fresh account, past its expiry. */
    expired: string;
  };
  intents: {
    /** The fresh account's setup intent waiting for a 3-D Secure answer. */
    pending: { id: string; clientSecret: string; challenge: string; paymentMethodId: string };
    /** The ready account's succeeded setup intent. */
    succeeded: { id: string; clientSecret: string };
    /** A challenge answered `complete`. */
    answered: { id: string; challenge: string };
  };
  /** A battery authorization of the fresh account waiting on the maker's page (its one-time ticket). */
  battery: { pending: { id: string; ticket: string }; answered: { id: string; ticket: string } };
  /** A fault rule on a route nothing calls. */
  faultId: string;
  /** Well-formed, but no such thing. */
  unknownUuid: string;
  unknownEsiId: string;
}

/** Well formed (the sandbox's Luhn rule holds) but no meter has it: the README's 404 trigger. */
export const UNKNOWN_ESI_ID = '10443729999999905';
const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

function ok(res: Reply, status = 200): Reply {
  assert.equal(res.status, status, JSON.stringify(res.body));
  return res;
}

async function flowToken(h: Harness, uuid: string, scope: string): Promise<string> {
  const res = ok(await h.app('POST', `/v1/app/accounts/${uuid}/flow-login`, { scope }), 201);
  return new URL(res.body.login_link).searchParams.get('token')!;
}

/** Confirms a setup intent with a 3-D Secure card; returns the pending challenge. */
function pendingChallenge(h: Harness, accountUuid: string): World['intents']['pending'] {
  const intent = h.sb.processor.createSetupIntent(accountUuid);
  const card = { number: '4000002500003155', exp_month: 12, exp_year: 2034, cvc: '123', postal_code: '77002' };
  const result = h.sb.processor.confirmSetupIntent(intent.client_secret, card);
  assert.ok(result.ok && result.setupIntent.next_action);
  return {
    id: intent.id,
    clientSecret: intent.client_secret,
    challenge: result.setupIntent.next_action.use_stripe_sdk.challenge_token,
    paymentMethodId: result.setupIntent.payment_method!,
  };
}

export async function buildWorld(config: SandboxConfig = {}): Promise<World> {
  // Webhook deliveries (a fuzzed PUT /__sandbox/webhooks/config may turn them on) never leave the process.
  const h = new Harness({ fetch: async () => new Response(null, { status: 204 }), ...config });
  const sb = h.sb;

  // The active account first: 30 days before its contract ends, it has invoices and may renew; the quotes made
  // afterwards are still fresh.
  const houston = premiseIn('77002');
  const activeReady = await h.readyToFinalize({ premise: houston });
  const activeAs = h.as(activeReady.token);
  ok(await activeAs('POST', '/v1/account/enroll/finalize', {}));
  ok(await activeAs('POST', '/v1/account/sandbox/advance', { to: 'usage' }));
  const activeAccount = sb.store.account(activeReady.uuid)!;
  sb.clock.set(localToInstant(addDays(activeAccount.location!.contract.endDate, -30), 10));
  // Account tokens last an hour of sandbox time: the active account needs a new one after the months.
  const activeToken = ok(await h.app('POST', `/v1/app/accounts/${activeReady.uuid}/token`), 201).body.token as string;
  const invoices = ok(await h.as(activeToken)('GET', '/v1/account/billing/invoices')).body.data as { number: string }[];
  assert.ok(invoices.length > 0, 'months of service bring invoices');
  const [renewalPlan] = ok(await h.as(activeToken)('GET', `/v1/account/locations/${activeAccount.location!.uuid}/renewal/plans`)).body as Plan[];

  const fresh = await h.createAccount();
  const dallas = premiseIn('75201');
  const quotedAccount = await h.createAccount();
  ok(
    await h.app('POST', '/v1/app/accounts/enroll/plans/request', {
      esi_id: dallas.esi_id,
      account_uuid: quotedAccount.uuid,
      custom_rates: { energy_rate_adjustment_cents_per_kwh: '-0.5' },
    }),
  );
  const [quotedPlan] = await h.plansFor(quotedAccount.token, dallas.esi_id);

  const ready = await h.readyToFinalize({ premise: houston });
  const readyAccount = sb.store.account(ready.uuid)!;

  const clientAgent = await h.createAccount();
  ok(await h.app('POST', `/v1/app/accounts/${clientAgent.uuid}/record-client-agent`, {}));

  const cancelled = await h.readyToFinalize({ premise: houston });
  ok(await h.as(cancelled.token)('POST', '/v1/account/sandbox/status', { status: 'cancelled', status_reason: 'cancelled_pre_start' }));

  const frozen = await h.readyToFinalize({ premise: houston, ssn: '123-45-9003' });
  ok(await h.as(frozen.token)('POST', '/v1/account/enroll/finalize', {}));
  ok(await h.as(frozen.token)('POST', '/v1/account/sandbox/advance', { to: 'credit_checked' }));

  const appPlans = ok(await h.app('POST', '/v1/app/accounts/enroll/plans/request', { postal_code: '77005' })).body.plans as Plan[];

  const appLogin = ok(await h.app('POST', `/v1/app/accounts/${ready.uuid}/app-login`, {}), 201).body.login_link as string;
  const expired = sb.store.tokens.issue('account', { accountUuid: fresh.uuid, appId: sb.store.app.id }, 0);

  const answered = pendingChallenge(h, clientAgent.uuid);
  assert.ok(sb.processor.authenticate(answered.id, answered.challenge, 'complete').ok);
  const succeededIntent = readyAccount.card && sb.processor.getPaymentMethod(readyAccount.card.paymentMethodId)?.setup_intent_id;
  assert.ok(succeededIntent);

  const fault = ok(await h.call('POST', '/__sandbox/faults', { body: { route: '/v1/never/called', latency_ms: 1 } }), 201);

  const startBattery = async (maker: string) => {
    const auth = ok(await h.as(fresh.token)('POST', '/v1/account/battery/authorizations', { maker }), 201).body as { id: string; authorization_url: string };
    return { id: auth.id, ticket: new URL(auth.authorization_url).searchParams.get('ticket')! };
  };
  const pendingBattery = await startBattery('tesla');
  const answeredBattery = await startBattery('enphase');
  ok(await h.call('POST', `/__sandbox/battery/authorize/${answeredBattery.id}`, { token: null, body: { ticket: answeredBattery.ticket, decision: 'allow' } }));

  return {
    h,
    appToken: APP_TOKEN,
    pk: sb.processor.publicKey,
    fresh: { uuid: fresh.uuid, token: fresh.token },
    quoted: { uuid: quotedAccount.uuid, token: quotedAccount.token, esiId: dallas.esi_id, plan: quotedPlan! },
    ready: { uuid: ready.uuid, token: ready.token, esiId: houston.esi_id, plan: ready.plan, paymentMethodId: readyAccount.card!.paymentMethodId },
    clientAgent,
    cancelled: { uuid: cancelled.uuid, token: cancelled.token },
    frozen: { uuid: frozen.uuid, token: frozen.token },
    active: {
      uuid: activeReady.uuid,
      token: activeToken,
      esiId: houston.esi_id,
      plan: activeReady.plan,
      locationUuid: activeAccount.location!.uuid,
      invoiceNumber: invoices[0]!.number,
      renewalPlan: renewalPlan!,
    },
    appPlan: appPlans[0]!,
    tokens: {
      flowEnrollment: await flowToken(h, ready.uuid, 'enrollment'),
      flowDocuments: await flowToken(h, ready.uuid, 'documents'),
      appLogin: new URL(appLogin).searchParams.get('token')!,
      expired: expired.token,
    },
    intents: {
      pending: pendingChallenge(h, fresh.uuid),
      succeeded: { id: succeededIntent, clientSecret: sb.processor.getSetupIntent(succeededIntent)!.client_secret },
      answered: { id: answered.id, challenge: answered.challenge },
    },
    battery: { pending: pendingBattery, answered: answeredBattery },
    faultId: fault.body.id,
    unknownUuid: UNKNOWN_UUID,
    unknownEsiId: UNKNOWN_ESI_ID,
  };
}
