import { expect, html, oneEvent } from '@open-wc/testing';
import '../../src/steps/card-not-needed/card-not-needed.js';
import type { SfStepCardNotNeeded } from '../../src/steps/card-not-needed/card-not-needed.js';
import { FakeApi, button, makeAccount, mount, q, text } from './harness.js';

describe('sf-step-card-not-needed', () => {
  it('says why no card is asked for, where the account stands, and Close asks to leave without a call', async () => {
    const fake = new FakeApi();
    const account = makeAccount({ status: 'cancelled', status_reason: 'cancelled_pre_start' }, { has_payment_method: true });
    const el = await mount<SfStepCardNotNeeded>(fake.api, html`<sf-step-card-not-needed .account=${account} .draft=${{}}></sf-step-card-not-needed>`);
    expect(q(el, 'h1#step-heading').textContent).to.equal('No card is needed');
    const status = q(el, 'sf-account-status') as HTMLElement & { updateComplete: Promise<unknown> };
    await status.updateComplete;
    expect(text(status)).to.contain('Your enrollment was cancelled');
    await expect(el).to.be.accessible();
    const exit = oneEvent(el, 'sf-exit-request');
    button(el, 'Close').click();
    await exit;
    expect(fake.calls).to.have.length(0);
  });
});
