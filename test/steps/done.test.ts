import { expect, html, oneEvent } from '@open-wc/testing';
import '../../src/steps/done/done.js';
import type { SfStepDone } from '../../src/steps/done/done.js';
import { ADDRESS_RESULT, FakeApi, button, makeAccount, mount, text } from './harness.js';

describe('sf-step-done', () => {
  it('says what happens next and finishes', async () => {
    const account = makeAccount({ service_address: ADDRESS_RESULT } as never, { is_enrollment_finalized: true });
    const plan = { uuid: 'p1', name: 'Lone Star 12', term_months: 12, energy_rate_cents_per_kwh: '13.9', start_date: '2030-01-20' };
    const el = await mount<SfStepDone>(
      new FakeApi().api,
      html`<sf-step-done .account=${account} .draft=${{}} .acceptedPlan=${plan}></sf-step-done>`,
    );
    const shown = text(el);
    expect(shown).to.contain("You're all set");
    expect(shown).to.contain('2 to 72 business hours');
    expect(shown).to.contain('CenterPoint Energy');
    expect(shown).to.contain('does not turn on service by itself');
    expect(shown).to.contain('pat@example.com');
    expect(shown).to.contain('January 20, 2030');
    await expect(el).to.be.accessible();

    const finish = oneEvent(el, 'sf-flow-finish');
    const complete = oneEvent(el, 'sf-step-complete');
    button(el, 'Done').click();
    await finish;
    expect((await complete).detail.step).to.equal('done');
  });
});
