import { expect, html, oneEvent } from '@open-wc/testing';
import '../../src/steps/card-updated/card-updated.js';
import type { SfStepCardUpdated } from '../../src/steps/card-updated/card-updated.js';
import type { StepCompleteEvent } from '../../src/contract/events.js';
import type { PaymentMethod } from '../../src/api/types.js';
import { FakeApi, apiError, button, makeAccount, makeLocation, mount, q, text, until } from './harness.js';

const NEW_CARD: PaymentMethod = {
  type: 'STRIPE_CARD',
  card_brand: 'visa',
  card_last4: '4242',
  card_exp_month: 12,
  card_exp_year: 2034,
  card_postal_code: '77002',
};

const account = makeAccount({ status: 'active', status_reason: 'active' }, { has_payment_method: true });
const mountStep = (fake: FakeApi) =>
  mount<SfStepCardUpdated>(fake.api, html`<sf-step-card-updated .account=${account} .draft=${{}}></sf-step-card-updated>`);

describe('sf-step-card-updated', () => {
  it('shows the new card as the service has it; Done completes the step', async () => {
    const fake = new FakeApi().on('getPaymentMethod', async () => NEW_CARD);
    const el = await mountStep(fake);
    expect(q(el, 'h1#step-heading').textContent).to.equal('Your card is updated');
    expect(q(el, 'p.lead').textContent).to.contain('Your monthly bills are now paid automatically with your new card.');
    await until(() => text(el).includes('Visa ending in 4242'));
    expect(text(el)).to.contain('Expires 12/2034');
    // Where the account stands, below the confirmation (the shared element reads status and reason).
    const status = q(el, 'sf-account-status');
    await (status as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    expect(text(status)).to.contain('Your service is active');
    expect(fake.callsOf('getLocation')).to.have.length(0);
    await expect(el).to.be.accessible();

    const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    button(el, 'Done').click();
    expect((await done).detail.step).to.equal('card-updated');
  });

  it('names a scheduled account\'s start date from its location\'s contract', async () => {
    const scheduled = makeAccount({ status: 'scheduled', status_reason: 'service_pending', location_uuid: 'loc-1' }, { has_payment_method: true });
    const fake = new FakeApi()
      .on('getPaymentMethod', async () => NEW_CARD)
      .on('getLocation', async () => makeLocation({ start_date: '2030-02-15' }));
    const el = await mount<SfStepCardUpdated>(fake.api, html`<sf-step-card-updated .account=${scheduled} .draft=${{}}></sf-step-card-updated>`);
    expect(q(el, 'p.lead').textContent).to.contain('Once your service starts, your monthly bills will be paid automatically');
    await until(() => text(q(el, 'sf-account-status')).includes('February 15, 2030'));
    expect(text(q(el, 'sf-account-status'))).to.contain('Your service is scheduled');
  });

  it('says the card is saved when only its details cannot be read, offers "Try again", and Done still closes', async () => {
    let fail = true;
    const fake = new FakeApi().on('getPaymentMethod', async () => {
      if (fail) throw apiError(0, 'network');
      return NEW_CARD;
    });
    const el = await mountStep(fake);
    await until(() => text(el).includes('Try again'));
    expect(text(el)).to.contain('Your new card is saved, but we could not show its details just now.');
    expect(text(el)).not.to.contain('We could not reach the service');
    fail = false;
    button(el, 'Try again').click();
    await until(() => text(el).includes('Visa ending in 4242'));
    const done = oneEvent(el, 'sf-step-complete') as Promise<StepCompleteEvent>;
    button(el, 'Done').click();
    await done;
  });
});
