/**
 * The matrix of the five scopes after enrollment (billing, documents, renewal, connect-battery, update-payment-method):
 * every read a step starts with, under each failure a request can meet once the client's own retries are over. A
 * session over (401) or a scope refused (403) goes to the root (sf-api-error) and the step says nothing of its own;
 * 429, 5xx and a lost network are said in the customer's words with a "Try again" that reads again and, once the
 * answer comes, the words go. The side effects (the billing address, a renewal, a battery authorization) have their
 * own files: billing-address, renewal, battery-authorize.
 */
import { expect, html } from '@open-wc/testing';
import type { TemplateResult } from 'lit';
import '../../src/steps/invoices/invoices.js';
import '../../src/steps/invoice/invoice.js';
import '../../src/steps/documents/documents.js';
import '../../src/steps/renewal/renewal.js';
import '../../src/steps/renewal-plans/renewal-plans.js';
import '../../src/steps/renewal-done/renewal-done.js';
import '../../src/steps/card-on-file/card-on-file.js';
import '../../src/steps/card-updated/card-updated.js';
import '../../src/steps/battery-maker/battery-maker.js';
import '../../src/steps/battery-device/battery-device.js';
import '../../src/steps/billing-address/billing-address.js';
import { ApiError, type ApiErrorKind } from '../../src/api/errors.js';
import type { ApiErrorEvent } from '../../src/contract/events.js';
import type { CallName } from '../api/fakes.js';
import { ADDRESS_RESULT, FakeApi, makeAccount, makeLocation, makePlan, mount, settle, text, until } from './harness.js';
import { ACTIVE, SAME_ADDRESS, makeDetail, makeInvoices } from './billing-fixtures.js';
import { MAKERS, makeDevice } from './battery-fixtures.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const account = makeAccount({ status: 'active', status_reason: 'active', location_uuid: makeLocation().uuid, service_address: ADDRESS_RESULT } as never, {
  is_enrollment_finalized: true,
});

/** What each read answers when it goes well. */
const OK: Partial<Record<CallName, () => unknown>> = {
  listInvoices: () => ({ data: makeInvoices(3), next_cursor: null }),
  getBillingAddress: () => SAME_ADDRESS,
  getLocation: () => makeLocation(),
  getInvoice: () => makeDetail(),
  listDocuments: () => ({ data: [] }),
  listAllDocuments: () => ({ data: [] }),
  getPaymentMethod: () => ({ type: 'STRIPE_CARD', card_brand: 'visa', card_last4: '4242', card_exp_month: 1, card_exp_year: 2032, card_postal_code: null }),
  listBatteryDevices: () => ({ data: [makeDevice()] }),
  listBatteryMakers: () => MAKERS,
  listRenewalPlans: () => [makePlan({ name: 'Renew 12' })],
};

/** A step and the read whose failure it must say. */
const READS: Array<[string, CallName, () => TemplateResult]> = [
  ['billing: the invoices', 'listInvoices', () => html`<sf-step-invoices .account=${ACTIVE} .draft=${{}}></sf-step-invoices>`],
  ['billing: the billing address beside them', 'getBillingAddress', () => html`<sf-step-invoices .account=${ACTIVE} .draft=${{}}></sf-step-invoices>`],
  ['billing: an invoice', 'getInvoice', () => html`<sf-step-invoice .account=${ACTIVE} .draft=${{}} .number=${'INV-1'}></sf-step-invoice>`],
  ['billing: the address form', 'getBillingAddress', () => html`<sf-step-billing-address .account=${ACTIVE} .draft=${{}}></sf-step-billing-address>`],
  ['documents: the plan', 'getLocation', () => html`<sf-step-documents .account=${account} .draft=${{}}></sf-step-documents>`],
  ['documents: the current documents', 'listDocuments', () => html`<sf-step-documents .account=${account} .draft=${{}}></sf-step-documents>`],
  ['renewal: the current plan', 'getLocation', () => html`<sf-step-renewal .account=${account} .draft=${{}}></sf-step-renewal>`],
  ['renewal: the renewal plans', 'listRenewalPlans', () => html`<sf-step-renewal-plans .account=${account} .draft=${{}}></sf-step-renewal-plans>`],
  ['renewal: the renewal done', 'listAllDocuments', () => html`<sf-step-renewal-done .account=${account} .draft=${{}}></sf-step-renewal-done>`],
  ['update-payment-method: the card on file', 'getPaymentMethod', () => html`<sf-step-card-on-file .account=${account} .draft=${{}}></sf-step-card-on-file>`],
  ['update-payment-method: the card updated', 'getPaymentMethod', () => html`<sf-step-card-updated .account=${account} .draft=${{}}></sf-step-card-updated>`],
  ['connect-battery: the makers', 'listBatteryMakers', () => html`<sf-step-battery-maker .account=${account} .draft=${{}}></sf-step-battery-maker>`],
  ['connect-battery: the battery connected', 'listBatteryDevices', () => html`<sf-step-battery-device .account=${account} .draft=${{}} .deviceId=${makeDevice().id}></sf-step-battery-device>`],
];

/** Each failure once the client gave up, and what the customer is told (null: the root tells). */
const FAILURES: Array<[string, () => ApiError, ApiErrorKind, string | null]> = [
  ['401 (the session is over)', () => new ApiError({ status: 401, code: 'token_expired', message: 'Token expired' }), 'unauthorized', null],
  ['403 (outside the scope)', () => new ApiError({ status: 403, code: 'forbidden', message: 'Forbidden' }), 'forbidden', null],
  ['429 with Retry-After 120', () => new ApiError({ status: 429, code: 'rate_limited', message: 'Too Many Requests', retryAfter: 120 }), 'rate_limited', 'Wait a minute, then try again.'],
  ['500', () => new ApiError({ status: 500, code: 'internal', message: 'Internal' }), 'server', 'Something went wrong on our side.'],
  ['503 with Retry-After 60', () => new ApiError({ status: 503, code: 'unavailable', message: 'Unavailable', retryAfter: 60 }), 'server', 'Something went wrong on our side.'],
  ['offline (fetch TypeError)', () => ApiError.network(new TypeError('Failed to fetch')), 'network', 'We could not reach the service. Check your connection, then try again.'],
];

/** The reads after a change that was saved: what they say whatever the failure (the change is not in doubt). */
const SAVED: Record<string, string> = {
  'renewal: the renewal done': 'Your renewal is saved, but we could not show its details just now.',
  'update-payment-method: the card updated': 'Your new card is saved, but we could not show its details just now.',
  'connect-battery: the battery connected': 'Your battery is connected, but we could not show its details just now.',
};

const tryAgain = (el: Element) => [...el.shadowRoot!.querySelectorAll('button')].find((b) => text(b).includes('Try again'));

describe('the scopes after enrollment: every read, every failure', () => {
  for (const [step, call, template] of READS)
    for (const [name, failure, kind, said] of FAILURES)
      it(`${step} × ${name}`, async () => {
        let failing = true;
        const fake = new FakeApi();
        for (const [c, answer] of Object.entries(OK) as Array<[CallName, () => unknown]>)
          fake.on(c, (async () => {
            if (c === call && failing) throw failure();
            return answer();
          }) as never);
        const handed: string[] = [];
        const toRoot = (e: Event) => handed.push((e as ApiErrorEvent).detail.error.kind);
        document.addEventListener('sf-api-error', toRoot);
        try {
          const el = await mount<HTMLElement>(fake.api, template());
          await until(() => fake.callsOf(call).length > 0);
          await sleep(50);
          await settle(el);
          if (said === null) {
            expect(handed, 'handed to the root').to.include(kind);
            expect(tryAgain(el) === undefined, 'no Try again of its own').to.equal(true);
            expect(text(el)).not.to.contain('The service could not accept this');
            return;
          }
          expect(handed, 'not the root\'s').to.deep.equal([]);
          // After a change that was saved, a read that fails says so: the change is done, only its details are not shown.
          const words = SAVED[step] ?? said;
          expect(text(el)).to.contain(words);
          const again = tryAgain(el);
          expect(again !== undefined && !again.disabled, 'a Try again to press').to.equal(true);
          const before = fake.callsOf(call).length;
          failing = false;
          again!.click();
          await until(() => fake.callsOf(call).length > before, 'Try again reads again');
          await until(() => !text(el).includes(words), 'the words go once the answer came');
        } finally {
          document.removeEventListener('sf-api-error', toRoot);
        }
      });
});
