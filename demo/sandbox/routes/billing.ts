/** Billing: payment sessions and methods (through the card processor emulator) and the billing address. */
import type { Hono } from 'hono';
import type { BillingAddress } from '../../../src/api/types.js';
import { readJson } from '../http/body.js';
import type { SandboxEnv } from '../http/env.js';
import { fail, type FieldIssue } from '../http/errors.js';
import { checkBody } from '../http/contract.js';
import { syncPaymentMethod } from '../state/enrollment.js';
import type { AccountRecord } from '../store/types.js';
import { accountJson, tokenAccount, type Deps } from './deps.js';
import { addressInputOf } from './schemas.js';

function billingAddressOf(a: AccountRecord): BillingAddress | undefined {
  const own = a.billingAddress && !a.billingAddress.same ? a.billingAddress.address : null;
  if (own) {
    return {
      same_as_service_address: false,
      address_1: own.address_1,
      address_2: own.address_2 ?? null,
      city: own.city!,
      state: own.state!,
      postal_code: own.postal_code!,
    };
  }
  if (!a.location) return undefined;
  const s = a.location.address;
  return { same_as_service_address: true, address_1: s.address_1, address_2: s.address_2, city: s.city, state: s.state, postal_code: s.postal_code };
}

export function registerBillingRoutes(app: Hono<SandboxEnv>, deps: Deps): void {
  const { store, clock, processor } = deps;

  app.post('/v1/account/billing/payment-session', (c) => {
    const account = tokenAccount(c);
    // The processor knows the customer by account uuid, so a method set up for one account cannot be synced to another.
    const intent = processor.createSetupIntent(account.uuid);
    return c.json({ client_secret: intent.client_secret, stripe_public_key: store.app.stripePublicKey }, 201);
  });

  app.post('/v1/account/billing/ensure-payment-method-added', async (c) => {
    const account = tokenAccount(c);
    const issues: FieldIssue[] = [];
    const body = checkBody('ensurePaymentMethodAdded', await readJson(c), issues);
    if (!body || issues.length) throw fail.invalid(issues);
    const method = processor.getPaymentMethod(body.payment_method_id);
    if (!method) throw fail.unprocessable('payment_method_id', 'range', 'The card processor does not know this payment method');
    if (method.customer_ref !== account.uuid) {
      throw fail.unprocessable('payment_method_id', 'range', 'This payment method was set up for another account');
    }
    if (method.status !== 'succeeded') {
      throw fail.unprocessable('payment_method_id', 'range', `The payment method's setup has not succeeded (${method.status})`);
    }
    syncPaymentMethod(store, account, method, clock.nowMs());
    return accountJson(c, deps, account);
  });

  app.get('/v1/account/billing/payment-method', (c) => {
    const card = tokenAccount(c).card;
    if (!card) throw fail.notFound('No payment method is on file');
    return c.json({
      type: 'STRIPE_CARD',
      card_brand: card.brand,
      card_last4: card.last4,
      card_exp_month: card.expMonth,
      card_exp_year: card.expYear,
      card_postal_code: card.postalCode,
    });
  });

  app.get('/v1/account/billing/address', (c) => {
    const address = billingAddressOf(tokenAccount(c));
    if (!address) throw fail.notFound('No billing address: no plan has been accepted and none was set');
    return c.json(address);
  });

  app.put('/v1/account/billing/address', async (c) => {
    const account = tokenAccount(c);
    const issues: FieldIssue[] = [];
    const body = checkBody('updateBillingAddress', await readJson(c), issues);
    if (body && body.same_as_service_address === false && !body.address) {
      issues.push({ field: 'address', code: 'required', message: 'address is required when same_as_service_address is false' });
    }
    if (!body || issues.length) throw fail.invalid(issues);
    const before = JSON.stringify(billingAddressOf(account));
    if (body.same_as_service_address) {
      if (!account.location) {
        throw fail.unprocessable('same_as_service_address', 'range', 'There is no service address yet: accept a plan first, or send an address');
      }
      account.billingAddress = { same: true, address: null };
    } else {
      account.billingAddress = { same: false, address: addressInputOf(body.address!) };
    }
    const after = billingAddressOf(account)!;
    // The same address sent again (what is on file) updates nothing: no webhook.
    if (JSON.stringify(after) !== before) store.emit(account, 'account.billing_address_updated');
    return c.json(after);
  });
}
