import { expect, html, oneEvent } from '@open-wc/testing';
import '../../src/steps/billing-address/billing-address.js';
import type { SfStepBillingAddress } from '../../src/steps/billing-address/billing-address.js';
import type { StepCompleteEvent } from '../../src/contract/events.js';
import type { BillingAddress } from '../../src/api/types.js';
import { ADDRESS_RESULT, FakeApi, apiError, blur, button, deferred, makeAccount, mount, q, settle, text, type, until } from './harness.js';
import { expectRetrySaidInKeptRegion, renderedLiveRegions } from './live-regions.js';
import { ACTIVE, OWN_ADDRESS, SAME_ADDRESS } from './billing-fixtures.js';
import { SESSION_KEY } from '../../src/flow/bootstrap.js';

async function mountForm(fake: FakeApi) {
  const el = await mount<SfStepBillingAddress>(fake.api, html`<sf-step-billing-address .account=${ACTIVE} .draft=${{}}></sf-step-billing-address>`);
  await until(() => Boolean(el.shadowRoot!.querySelector('form')));
  await settle(el);
  return el;
}

const input = (el: SfStepBillingAddress, id: string) => q<HTMLInputElement>(el, `#ba-${id}`);
const errorOf = (el: SfStepBillingAddress, id: string) => text(q(el, `#ba-${id}-error`));

function chooseOther(el: SfStepBillingAddress): void {
  q<HTMLInputElement>(el, 'input[value="other"]').click();
}

/** Chooses "a different address", types one in Austin, and presses Save. */
async function saveOther(el: SfStepBillingAddress): Promise<void> {
  chooseOther(el);
  await settle(el);
  type(input(el, 'address_1'), '4807 Caswell Ave');
  type(input(el, 'city'), 'Austin');
  type(input(el, 'postal_code'), '78751');
  button(el, 'Save billing address').click();
}

describe('sf-step-billing-address', () => {
  it('starts on "my service address" and saves that choice with an Idempotency-Key; the session is marked (a reload still completes)', async () => {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'flow_abc', locale: null }));
    const fake = new FakeApi().on('getBillingAddress', async () => SAME_ADDRESS).on('updateBillingAddress', async () => SAME_ADDRESS);
    const el = await mountForm(fake);
    expect(q<HTMLInputElement>(el, 'input[value="same"]').checked).to.equal(true);
    expect(text(el)).to.contain('1200 Main St, Houston, TX 77002');
    await expect(el).to.be.accessible();
    const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    button(el, 'Save billing address').click();
    expect((await done).detail).to.deep.equal({ step: 'billing-address', data: { open: 'invoices', saved: true } });
    const call = fake.callsOf('updateBillingAddress')[0]!;
    expect(call.args[0]).to.deep.equal({ same_as_service_address: true });
    expect(call.idempotencyKey).to.match(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY)!).done).to.equal(true);
    sessionStorage.clear();
  });

  it('checks every field in plain words on Save and focuses the first problem', async () => {
    const fake = new FakeApi().on('getBillingAddress', async () => SAME_ADDRESS);
    const el = await mountForm(fake);
    chooseOther(el);
    await settle(el);
    q<HTMLSelectElement>(el, '#ba-state').value = '';
    q<HTMLSelectElement>(el, '#ba-state').dispatchEvent(new Event('change'));
    type(input(el, 'postal_code'), '7870');
    button(el, 'Save billing address').click();
    await settle(el);
    expect(errorOf(el, 'address_1')).to.equal('Enter the street address, for example 1200 Main St.');
    expect(errorOf(el, 'city')).to.equal('Enter the city.');
    expect(errorOf(el, 'state')).to.equal('Choose the state.');
    expect(errorOf(el, 'postal_code')).to.equal('Enter a ZIP code of 5 digits, for example 77002.');
    expect(input(el, 'address_1').getAttribute('aria-invalid')).to.equal('true');
    expect(input(el, 'address_1').getAttribute('aria-describedby')).to.equal('ba-address_1-error');
    expect(el.shadowRoot!.activeElement).to.equal(input(el, 'address_1'));
    expect(fake.callsOf('updateBillingAddress')).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it("maps the service's field errors to the fields, and keeps the key when the same address is retried", async () => {
    let answer: () => Promise<typeof OWN_ADDRESS> = () =>
      Promise.reject(apiError(400, 'invalid_request', [{ field: 'address.postal_code', code: 'format', message: 'x' }]));
    const fake = new FakeApi().on('getBillingAddress', async () => SAME_ADDRESS).on('updateBillingAddress', () => answer());
    const el = await mountForm(fake);
    await saveOther(el);
    await until(() => errorOf(el, 'postal_code') !== '');
    expect(errorOf(el, 'postal_code')).to.equal('Enter a ZIP code of 5 digits, for example 77002.');
    expect(el.shadowRoot!.activeElement).to.equal(input(el, 'postal_code'));
    const first = fake.callsOf('updateBillingAddress')[0]!;
    expect(first.args[0]).to.deep.equal({
      same_as_service_address: false,
      address: { address_1: '4807 Caswell Ave', address_2: null, city: 'Austin', state: 'TX', postal_code: '78751' },
    });

    // A 422 without a field of the form reads as a refusal; a 503 offers "Try again" with the same key.
    // The field's message stays until the field changes (Save cannot resend what the service refused).
    button(el, 'Save billing address').click();
    await settle(el);
    expect(fake.callsOf('updateBillingAddress')).to.have.length(1);
    type(input(el, 'postal_code'), '78751');
    await settle(el);
    expect(errorOf(el, 'postal_code')).to.equal('');
    answer = () => Promise.reject(apiError(422, 'unprocessable', [{ field: 'same_as_service_address', code: 'range', message: 'x' }]));
    button(el, 'Save billing address').click();
    await until(() => text(el).includes('The service could not accept this:'));
    answer = () => Promise.reject(apiError(503, 'unavailable'));
    button(el, 'Save billing address').click();
    await until(() => text(el).includes('Try again'));
    answer = () => Promise.resolve(OWN_ADDRESS);
    const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    button(el, 'Try again').click();
    await done;
    const keys = fake.callsOf('updateBillingAddress').map((c) => c.idempotencyKey);
    expect(keys).to.have.length(4);
    expect(new Set(keys).size).to.equal(1);
  });

  it('prefills an address of its own, and Cancel goes back without saving', async () => {
    const fake = new FakeApi().on('getBillingAddress', async () => OWN_ADDRESS);
    const el = await mountForm(fake);
    expect(q<HTMLInputElement>(el, 'input[value="other"]').checked).to.equal(true);
    expect(input(el, 'address_1').value).to.equal('4807 Caswell Ave');
    expect(input(el, 'postal_code').value).to.equal('78751');
    const back = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    button(el, 'Cancel').click();
    expect((await back).detail.data).to.deep.equal({ open: 'invoices' });
    expect(fake.callsOf('updateBillingAddress')).to.have.length(0);
  });

  it('an update whose answer was lost but that the service made: Cancel, or the close button, shows it saved (leaving completes)', async () => {
    for (const how of ['cancel', 'close'] as const) {
      sessionStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'flow_abc', locale: null }));
      // On file when the form opens: the service address. The update is made, and its answer lost (a 503 after it).
      let onFile: BillingAddress = SAME_ADDRESS;
      const fake = new FakeApi()
        .on('getBillingAddress', async () => onFile)
        .on('updateBillingAddress', async () => {
          onFile = { ...OWN_ADDRESS, address_1: '4807 CASWELL AVE' };
          throw apiError(503, 'unavailable');
        });
      const el = await mountForm(fake);
      await saveOther(el);
      await until(() => text(el).includes('Try again'));
      const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
      if (how === 'cancel') button(el, 'Cancel').click();
      else {
        const waits: Array<Promise<unknown>> = [];
        el.getRootNode().dispatchEvent(new CustomEvent('sf-leaving', { detail: waits }));
        await Promise.all(waits);
      }
      expect(`${how}: ${JSON.stringify((await done).detail.data)}`).to.equal(`${how}: {"open":"invoices","saved":true}`);
      // Nothing sent again: the address on file was read.
      expect(fake.callsOf('updateBillingAddress')).to.have.length(1);
      expect(JSON.parse(sessionStorage.getItem(SESSION_KEY)!).done).to.equal(true);
      sessionStorage.clear();
    }
  });

  it('the close button pressed while the update is on its way waits for its answer, read back when lost: the list says saved', async () => {
    for (const answered of [true, false]) {
      let onFile: BillingAddress = SAME_ADDRESS;
      const made = { ...OWN_ADDRESS, address_1: '4807 CASWELL AVE' };
      const answer = deferred<BillingAddress>();
      const fake = new FakeApi().on('getBillingAddress', async () => onFile).on('updateBillingAddress', () => answer.promise);
      const el = await mountForm(fake);
      await saveOther(el);
      await until(() => fake.callsOf('updateBillingAddress').length === 1);
      const completes: StepCompleteEvent[] = [];
      el.addEventListener('sf-step-complete', (e) => completes.push(e));
      const waits: Array<Promise<unknown>> = [];
      el.getRootNode().dispatchEvent(new CustomEvent('sf-leaving', { detail: waits }));
      let left = false;
      const leaving = Promise.all(waits).then(() => (left = true));
      await settle(el);
      expect(`left before the answer: ${left}`).to.equal('left before the answer: false');
      // The update is made; its answer comes, or is lost (a 503 after it): the address on file says it was made.
      onFile = made;
      if (answered) answer.resolve(made);
      else answer.reject(apiError(503, 'unavailable'));
      await leaving;
      expect(`${answered}: ${completes.map((c) => JSON.stringify(c.detail.data))}`).to.equal(`${answered}: {"open":"invoices","saved":true}`);
      expect(fake.callsOf('updateBillingAddress')).to.have.length(1);
    }
  });

  it('an update whose answer was lost and that the service did not make: Cancel goes back unsaved, the close leaves as is', async () => {
    const fake = new FakeApi()
      .on('getBillingAddress', async () => SAME_ADDRESS)
      .on('updateBillingAddress', async () => {
        throw apiError(503, 'unavailable');
      });
    const el = await mountForm(fake);
    await saveOther(el);
    await until(() => text(el).includes('Try again'));
    const completes: StepCompleteEvent[] = [];
    el.addEventListener('sf-step-complete', (e) => completes.push(e));
    const waits: Array<Promise<unknown>> = [];
    el.getRootNode().dispatchEvent(new CustomEvent('sf-leaving', { detail: waits }));
    await Promise.all(waits);
    expect(`completions on close: ${completes.length}`).to.equal('completions on close: 0');
    button(el, 'Cancel').click();
    await until(() => completes.length === 1);
    expect(completes[0]!.detail.data).to.deep.equal({ open: 'invoices' });
  });

  it('reads the service address with the choice that sends bills there', async () => {
    const el = await mountForm(new FakeApi().on('getBillingAddress', async () => SAME_ADDRESS));
    const same = q<HTMLInputElement>(el, 'input[value="same"]');
    const described = el.shadowRoot!.getElementById(same.getAttribute('aria-describedby') ?? '');
    expect(described ? text(described) : '').to.contain('1200 Main St');
  });

  it('plans asked for but none accepted: bills cannot follow that address yet (the service refuses it), so an address is asked for', async () => {
    // The account names the address plans were asked for (its service_address) before any plan is accepted; the
    // service has no service address until then (GET 404, PUT same_as_service_address 422).
    const asked = makeAccount({ service_address: ADDRESS_RESULT } as never);
    const fake = new FakeApi()
      .on('getBillingAddress', async () => Promise.reject(apiError(404, 'not_found')))
      .on('updateBillingAddress', async (body) =>
        body.same_as_service_address
          ? Promise.reject(apiError(422, 'unprocessable', [{ field: 'same_as_service_address', code: 'range', message: 'There is no service address yet' }]))
          : OWN_ADDRESS,
      );
    const el = await mount<SfStepBillingAddress>(fake.api, html`<sf-step-billing-address .account=${asked} .draft=${{}}></sf-step-billing-address>`);
    await until(() => Boolean(el.shadowRoot!.querySelector('form')));
    await settle(el);
    expect(el.shadowRoot!.querySelector('input[value="same"]') === null, 'no choice the service would refuse').to.equal(true);
    type(input(el, 'address_1'), '4807 Caswell Ave');
    type(input(el, 'city'), 'Austin');
    type(input(el, 'postal_code'), '78751');
    const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    button(el, 'Save billing address').click();
    expect((await done).detail.data).to.deep.equal({ open: 'invoices', saved: true });
    expect(fake.callsOf('updateBillingAddress').map((c) => (c.args[0] as { same_as_service_address: boolean }).same_as_service_address)).to.deep.equal([false]);
  });

  it('a refusal of the other address is no longer said once the customer chose the service address', async () => {
    const fake = new FakeApi()
      .on('getBillingAddress', async () => SAME_ADDRESS)
      .on('updateBillingAddress', async () => {
        throw apiError(422, 'undeliverable address', [{ field: 'address', code: 'undeliverable', message: 'undeliverable' }]);
      });
    const el = await mountForm(fake);
    await saveOther(el);
    await until(() => text(el).includes('The service could not accept this:'));
    q<HTMLInputElement>(el, 'input[value="same"]').click();
    await settle(el);
    expect(text(el)).not.to.contain('The service could not accept this:');
  });

  it('Cancel drops what was typed: the form opened again starts from the address on file', async () => {
    const fake = new FakeApi().on('getBillingAddress', async () => SAME_ADDRESS);
    // The root keeps one draft per view for the session: the next "Change billing address" gets the same one.
    const draft = {};
    const first = await mount<SfStepBillingAddress>(fake.api, html`<sf-step-billing-address .account=${ACTIVE} .draft=${draft}></sf-step-billing-address>`);
    await until(() => Boolean(first.shadowRoot!.querySelector('form')));
    chooseOther(first);
    await settle(first);
    type(input(first, 'address_1'), '99 Wrong Rd');
    const back = oneEvent(first, 'sf-step-complete') as Promise<StepCompleteEvent>;
    button(first, 'Cancel').click();
    expect((await back).detail.data).to.deep.equal({ open: 'invoices' });
    expect(fake.callsOf('updateBillingAddress')).to.have.length(0);
    const again = await mount<SfStepBillingAddress>(fake.api, html`<sf-step-billing-address .account=${ACTIVE} .draft=${draft}></sf-step-billing-address>`);
    await until(() => Boolean(again.shadowRoot!.querySelector('form')));
    await settle(again);
    expect(q<HTMLInputElement>(again, 'input[value="same"]').checked).to.equal(true);
    expect(fake.callsOf('getBillingAddress')).to.have.length(2);
  });

  // 4.1.3 / ARIA22 (the rule e2e/support/announce.ts checks): a live region must be in the accessibility tree, empty,
  // before its message arrives. An empty field error is taken out of the layout, never out of that tree
  // (`.error:empty`, src/steps/shared/step.styles.ts: `display: none` would), so a field left with a problem (focus
  // already on the next field) is announced.
  it('the error of a field the customer just left arrives in a live region that was already rendered', async () => {
    const fake = new FakeApi().on('getBillingAddress', async () => SAME_ADDRESS);
    const el = await mount<SfStepBillingAddress>(fake.api, html`<sf-step-billing-address .account=${ACTIVE} .draft=${{}}></sf-step-billing-address>`);
    await until(() => Boolean(el.shadowRoot!.querySelector('form')));
    q<HTMLInputElement>(el, 'input[value="other"]').click();
    await settle(el);
    const region = q(el, '#ba-address_1-error');
    expect(region.getAttribute('aria-live')).to.equal('polite');
    expect(text(region)).to.equal('');
    // Before the message: the (empty) live region must be rendered, or it is not a live region at all.
    const before = renderedLiveRegions(el.shadowRoot!);
    const displayBefore = getComputedStyle(region).display;
    const street = q<HTMLInputElement>(el, '#ba-address_1');
    street.focus();
    q<HTMLInputElement>(el, '#ba-address_2').focus();
    blur(street);
    await until(() => text(q(el, '#ba-address_1-error')) !== '', 'no error shown for the empty street');
    expect(text(q(el, '#ba-address_1-error'))).to.contain('Enter the street address');
    expect(
      before.has(q(el, '#ba-address_1-error')),
      `the empty error region was display: ${displayBefore} before the message: not in the accessibility tree, so the message is not announced`,
    ).to.equal(true);
  });
  // 4.1.3: a status region inserted with its sentence is not reliably read (as invoices.test.ts checks for its count line).
  it('after "Try again", says "Loading your billing address…" in a status region already on the page', async () => {
    let fail = true;
    const address = deferred<BillingAddress>();
    const fake = new FakeApi().on('getBillingAddress', () => (fail ? Promise.reject(apiError(503, 'unavailable')) : address.promise));
    const el = await mount<SfStepBillingAddress>(fake.api, html`<sf-step-billing-address .account=${ACTIVE} .draft=${{}}></sf-step-billing-address>`);
    await expectRetrySaidInKeptRegion(el, () => (fail = false), 'Loading your billing address');
    address.resolve(OWN_ADDRESS);
    await until(() => Boolean(el.shadowRoot!.querySelector('form')));
  });
});
