import { expect, html, oneEvent } from '@open-wc/testing';
import '../../src/steps/battery-maker/battery-maker.js';
import type { SfStepBatteryMaker } from '../../src/steps/battery-maker/battery-maker.js';
import { MAKERS, makeDevice } from './battery-fixtures.js';
import { FakeApi, apiError, button, makeAccount, mount, q, settle, text, until } from './harness.js';
import { renderedLiveRegions } from './live-regions.js';

const account = makeAccount({ status: 'active', status_reason: 'active' } as never);

async function mountMaker(fake: FakeApi, draft = {}) {
  const el = await mount<SfStepBatteryMaker>(fake.api, html`<sf-step-battery-maker .account=${account} .draft=${draft}></sf-step-battery-maker>`);
  await until(() => el.shadowRoot!.querySelectorAll('input[type="radio"]').length > 0 || text(el).includes('Try again'));
  return el;
}

describe('sf-step-battery-maker', () => {
  it('lists the makers as a radio group and reports the one chosen', async () => {
    const fake = new FakeApi().on('listBatteryMakers', async () => MAKERS).on('listBatteryDevices', async () => ({ data: [] }));
    const el = await mountMaker(fake);
    expect(q(el, 'legend').textContent).to.contain('Battery maker');
    expect(text(el)).to.contain('Powerwall 3');
    await expect(el).to.be.accessible();
    const radios = el.shadowRoot!.querySelectorAll<HTMLInputElement>('input[type="radio"]');
    radios[1]!.click();
    const done = oneEvent(el, 'sf-step-complete');
    button(el, 'Continue').click();
    const { detail } = await done;
    expect(detail.step).to.equal('battery-maker');
    expect(detail.data).to.deep.equal({ maker: { id: 'enphase', name: 'Enphase' } });
  });

  it('asks for a choice in words before going on', async () => {
    const fake = new FakeApi().on('listBatteryMakers', async () => MAKERS).on('listBatteryDevices', async () => ({ data: [] }));
    const el = await mountMaker(fake);
    let completed = false;
    el.addEventListener('sf-step-complete', () => (completed = true));
    button(el, 'Continue').click();
    await settle(el);
    expect(completed).to.equal(false);
    expect(text(el)).to.contain('Choose the maker of your battery to continue.');
    expect(el.shadowRoot!.activeElement).to.equal(el.shadowRoot!.querySelector('input[type="radio"]'));
    await expect(el).to.be.accessible();
  });

  it('marks a maker already connected and goes straight to its device', async () => {
    const device = makeDevice();
    const fake = new FakeApi().on('listBatteryMakers', async () => MAKERS).on('listBatteryDevices', async () => ({ data: [device] }));
    const el = await mountMaker(fake, { maker: 'tesla' });
    expect(text(el)).to.contain('Already connected: Powerwall 3');
    const done = oneEvent(el, 'sf-step-complete');
    button(el, 'Continue').click();
    expect((await done).detail.data).to.deep.equal({ maker: { id: 'tesla', name: 'Tesla' }, device: device.id });
  });

  it('offers to try again when the list cannot be read, and hands a 401 to the root', async () => {
    let fail = true;
    const fake = new FakeApi()
      .on('listBatteryMakers', async () => {
        if (fail) throw apiError(503, 'unavailable');
        return MAKERS;
      })
      .on('listBatteryDevices', async () => ({ data: [] }));
    const el = await mountMaker(fake);
    expect(text(el)).to.contain('Something went wrong on our side');
    fail = false;
    button(el, 'Try again').click();
    await until(() => el.shadowRoot!.querySelectorAll('input[type="radio"]').length === 2);

    const expired = new FakeApi().on('listBatteryMakers', async () => Promise.reject(apiError(401, 'token_expired'))).on('listBatteryDevices', async () => ({ data: [] }));
    const errored = new Promise((resolve) => document.body.addEventListener('sf-api-error', resolve, { once: true }));
    await mount(expired.api, html`<sf-step-battery-maker .account=${account} .draft=${{}}></sf-step-battery-maker>`);
    await errored;
  });

  it('shows the makers without the "Already connected" marks when the devices cannot be read, and hands a 401 or 403 of the devices to the root', async () => {
    for (const failure of [apiError(500, 'internal'), apiError(0, 'network')]) {
      const fake = new FakeApi().on('listBatteryMakers', async () => MAKERS).on('listBatteryDevices', async () => Promise.reject(failure));
      const el = await mountMaker(fake, { maker: 'tesla' });
      expect(el.shadowRoot!.querySelectorAll('input[type="radio"]').length, `${failure.status}: the makers are shown`).to.equal(2);
      expect(text(el)).to.not.contain('Already connected');
      expect(text(el)).to.not.contain('Try again');
      const done = oneEvent(el, 'sf-step-complete');
      button(el, 'Continue').click();
      expect((await done).detail.data).to.deep.equal({ maker: { id: 'tesla', name: 'Tesla' } });
    }
    for (const status of [401, 403]) {
      const refused = new FakeApi().on('listBatteryMakers', async () => MAKERS).on('listBatteryDevices', async () => Promise.reject(apiError(status, status === 401 ? 'token_expired' : 'forbidden')));
      let errors = 0;
      const count = () => errors++;
      document.body.addEventListener('sf-api-error', count);
      const el = await mount<SfStepBatteryMaker>(refused.api, html`<sf-step-battery-maker .account=${account} .draft=${{}}></sf-step-battery-maker>`);
      await until(() => errors > 0);
      await settle(el);
      document.body.removeEventListener('sf-api-error', count);
      expect(errors, `${status} reaches the root once`).to.equal(1);
    }
  });

  it('"Choose the maker" arrives in a live region that was already rendered', async () => {
    const account = makeAccount({ status: 'active', status_reason: 'active' } as never);
    const fake = new FakeApi().on('listBatteryMakers', async () => MAKERS).on('listBatteryDevices', async () => ({ data: [] }));
    const el = await mount<SfStepBatteryMaker>(fake.api, html`<sf-step-battery-maker .account=${account} .draft=${{}}></sf-step-battery-maker>`);
    await until(() => el.shadowRoot!.querySelector('input[type=radio]') !== null);
    await settle(el);
    const before = renderedLiveRegions(el.shadowRoot!);
    button(el, 'Continue').click();
    await until(() => text(q(el, '#maker-error')) !== '');
    expect(before.has(q(el, '#maker-error')), 'the empty #maker-error live region was not rendered (display: none) before its message').to.equal(true);
  });

  it('says in words that no maker can be connected when the service lists none, and offers no Continue', async () => {
    const fake = new FakeApi().on('listBatteryMakers', async () => []).on('listBatteryDevices', async () => ({ data: [] }));
    const el = await mount<SfStepBatteryMaker>(fake.api, html`<sf-step-battery-maker .account=${account} .draft=${{}}></sf-step-battery-maker>`);
    const status = q(el, '[role="status"]');
    await until(() => text(status).includes('No battery can be connected now.'));
    expect(el.shadowRoot!.querySelector('fieldset'), 'an empty radio group').to.equal(null);
    expect([...el.shadowRoot!.querySelectorAll('button')].map((b) => b.textContent!.trim())).to.not.include('Continue');
    expect(text(el)).to.not.contain('Choose the maker of your battery');
    expect(q(el, '[role="status"]'), 'the status region is the one rendered while loading').to.equal(status);
    await expect(el).to.be.accessible();
  });
});
