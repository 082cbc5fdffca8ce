import { expect, html, oneEvent } from '@open-wc/testing';
import '../../src/steps/done/done.js';
import type { SfStepDone } from '../../src/steps/done/done.js';
import { ADDRESS_RESULT, FakeApi, apiError, button, makeAccount, makeLocation, mount, settle, text, until } from './harness.js';

describe('sf-step-done', () => {
  it('says what happens next and finishes', async () => {
    const account = makeAccount({ service_address: ADDRESS_RESULT, ...REVIEWING } as never, { is_enrollment_finalized: true });
    const plan = { uuid: 'p1', name: 'Lone Star 12', term_months: 12, energy_rate_cents_per_kwh: '13.9', start_date: '2030-01-20' };
    const el = await mount<SfStepDone>(
      new FakeApi().api,
      html`<sf-step-done .account=${account} .draft=${{}} .acceptedPlan=${plan}></sf-step-done>`,
    );
    // Where the enrollment stands comes with its own chunk, fetched as the step's loads: the element upgrades then.
    await until(() => text(el).includes('We are verifying your enrollment'));
    const shown = text(el);
    expect(shown).to.contain('Enrollment received');
    expect(shown).to.contain('2 to 72 business hours');
    expect(shown).to.contain('CenterPoint Energy');
    expect(shown).to.contain('pat@example.com');
    expect(shown).to.contain('January 20, 2030');
    await expect(el).to.be.accessible();

    const finish = oneEvent(el, 'sf-flow-finish');
    const complete = oneEvent(el, 'sf-step-complete');
    button(el, 'Done').click();
    await finish;
    expect((await complete).detail.step).to.equal('done');
  });

  it('once the enrollment is with the utility, says how long the switch takes once, where it stands', async () => {
    const account = makeAccount({ service_address: ADDRESS_RESULT, status: 'activating', status_reason: 'utility_submitted' } as never, { is_enrollment_finalized: true });
    const el = await mount<SfStepDone>(new FakeApi().api, html`<sf-step-done .account=${account} .draft=${{}}></sf-step-done>`);
    await until(() => text(el).includes('We sent your enrollment to your utility'));
    expect(text(el).split('2 to 72 business hours').length - 1).to.equal(1);
    expect(text(el)).to.contain('CenterPoint Energy, your utility, is making the switch.');
    expect(text(el)).not.to.contain('We send your enrollment');
    // Its heading says where it stands, not that we switch it while the utility does.
    expect(text(el)).to.contain('The switch is under way');
    expect(text(el)).not.to.contain('We switch your service');
  });

  it('reads the start date from the service when this tab remembers no plan (a fresh link)', async () => {
    const location = makeLocation();
    const account = makeAccount({ service_address: ADDRESS_RESULT, location_uuid: location.uuid, ...REVIEWING } as never, { is_enrollment_finalized: true });
    const fake = new FakeApi().on('getLocation', async () => location);
    const el = await mount<SfStepDone>(fake.api, html`<sf-step-done .account=${account} .draft=${{}}></sf-step-done>`);
    await until(() => text(el).includes('Planned start date'));
    expect(text(el)).to.contain('Planned start date: February 3, 2030.');
    expect(fake.callsOf('getLocation')[0]!.args[0]).to.equal(location.uuid);
    await expect(el).to.be.accessible();
  });

  it('prefers the start date the service has to the remembered one', async () => {
    const location = makeLocation({ start_date: '2030-02-10' });
    const account = makeAccount({ service_address: ADDRESS_RESULT, location_uuid: location.uuid, ...REVIEWING } as never, { is_enrollment_finalized: true });
    const plan = { uuid: 'p1', name: 'Lone Star 12', term_months: 12, energy_rate_cents_per_kwh: '13.9', start_date: '2030-01-20' };
    const fake = new FakeApi().on('getLocation', async () => location);
    const el = await mount<SfStepDone>(fake.api, html`<sf-step-done .account=${account} .draft=${{}} .acceptedPlan=${plan}></sf-step-done>`);
    await until(() => text(el).includes('February 10, 2030'));
    expect(text(el)).not.to.contain('January 20, 2030');
  });

  it('shows no start date rather than a wrong one when the location cannot be read', async () => {
    const account = makeAccount({ service_address: ADDRESS_RESULT, location_uuid: makeLocation().uuid } as never, { is_enrollment_finalized: true });
    const fake = new FakeApi().on('getLocation', async () => {
      throw apiError(503, 'unavailable');
    });
    const el = await mount<SfStepDone>(fake.api, html`<sf-step-done .account=${account} .draft=${{}}></sf-step-done>`);
    await until(() => fake.callsOf('getLocation').length === 1);
    await settle(el);
    expect(text(el)).to.contain('Enrollment received');
    expect(text(el)).not.to.contain('Planned start date');
  });

  it('says what the account needs when the enrollment cannot go on by itself, and no switch ahead', async () => {
    const account = makeAccount(
      { service_address: ADDRESS_RESULT, status: 'needs_attention', status_reason: 'credit_check_frozen' } as never,
      { is_enrollment_finalized: true },
    );
    const el = await mount<SfStepDone>(new FakeApi().api, html`<sf-step-done .account=${account} .draft=${{}}></sf-step-done>`);
    expect(text(el)).to.contain('We need your help to continue');
    expect(text(el)).to.contain('Your credit file is frozen');
    expect(text(el)).not.to.contain('2 to 72 business hours');
    // Received, but not going ahead by itself: no check mark, and no "confirmation on its way" (it went out when the
    // enrollment was submitted, maybe weeks ago; the status says what was emailed since).
    expect(el.shadowRoot!.querySelector('.badge')).to.equal(null);
    expect(text(el)).to.contain('Enrollment received');
    expect(text(el)).not.to.contain('on its way');
    await expect(el).to.be.accessible();
  });

  it('an enrollment that ended is not said to be received, with no check mark and no confirmation on its way', async () => {
    const account = makeAccount(
      { service_address: ADDRESS_RESULT, status: 'cancelled', status_reason: 'expire_pre_active' } as never,
      { is_enrollment_finalized: true },
    );
    const el = await mount<SfStepDone>(new FakeApi().api, html`<sf-step-done .account=${account} .draft=${{}}></sf-step-done>`);
    await until(() => text(el).includes('Your enrollment was cancelled'));
    expect(text(el)).not.to.contain('Enrollment received');
    expect(text(el)).not.to.contain('on its way');
    expect(el.shadowRoot!.querySelector('.badge')).to.equal(null);
    expect(el.shadowRoot!.querySelector('h1')!.textContent!.trim()).to.equal('Your enrollment');
    await expect(el).to.be.accessible();
  });
});

const REVIEWING = { status: 'reviewing', status_reason: 'verification_pending' } as const;
