import { expect, html, oneEvent } from '@open-wc/testing';
import '../../src/steps/battery-device/battery-device.js';
import '../../src/steps/battery-inactive/battery-inactive.js';
import type { SfStepBatteryDevice } from '../../src/steps/battery-device/battery-device.js';
import type { SfStepBatteryInactive } from '../../src/steps/battery-inactive/battery-inactive.js';
import { makeDevice } from './battery-fixtures.js';
import { FakeApi, apiError, button, makeAccount, makeLocation, mount, text, until } from './harness.js';
import { SESSION_KEY } from '../../src/flow/bootstrap.js';
import { setLocale, useScope } from '../../src/i18n/localization.js';

const active = makeAccount({ status: 'active', status_reason: 'active' } as never);

describe('sf-step-battery-device', () => {
  it('shows the connected battery, where the account stands, and completes with Done', async () => {
    const device = makeDevice();
    const other = makeDevice({ id: 'other', maker: 'enphase', maker_name: 'Enphase', model: 'IQ Battery 5P' });
    const fake = new FakeApi().on('listBatteryDevices', async () => ({ data: [other, device] }));
    const el = await mount<SfStepBatteryDevice>(fake.api, html`<sf-step-battery-device .account=${active} .draft=${{}} .deviceId=${device.id}></sf-step-battery-device>`);
    await until(() => text(el).includes('Powerwall 3'));
    const shown = text(el);
    expect(shown).to.contain('Your battery is connected');
    expect(shown).to.contain('Tesla');
    expect(shown).to.contain('13.5 kWh');
    expect(shown).to.contain('Ending in 4821');
    expect(shown).to.contain('76%');
    expect(shown).to.contain('Connected');
    expect(shown).not.to.contain('IQ Battery 5P');
    expect(el.shadowRoot!.querySelector('sf-account-status')).not.to.equal(null);
    await expect(el).to.be.accessible();
    const done = oneEvent(el, 'sf-step-complete');
    button(el, 'Done').click();
    expect((await done).detail.step).to.equal('battery-device');
  });

  it('says a battery was already connected, and that an unknown charge is not reported yet', async () => {
    const device = makeDevice({ state_of_charge_percent: null });
    const fake = new FakeApi().on('listBatteryDevices', async () => ({ data: [device] }));
    const el = await mount<SfStepBatteryDevice>(fake.api, html`<sf-step-battery-device .account=${active} .draft=${{}} .deviceId=${device.id} .already=${true}></sf-step-battery-device>`);
    await until(() => text(el).includes('Powerwall 3'));
    expect(text(el)).to.contain('Your Tesla battery is already connected');
    expect(text(el)).to.contain('Not reported yet');
  });

  it('without a device id (a reload after connecting): the latest connected battery, and the session marked done', async () => {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'flow_abc', locale: null }));
    const device = makeDevice();
    const older = makeDevice({ id: 'older', model: 'Powerwall 2', connected_at: '2029-06-01T10:00:00Z' });
    const gone = makeDevice({ id: 'gone', model: 'IQ Battery 5P', status: 'disconnected', connected_at: '2030-06-01T10:00:00Z' });
    const fake = new FakeApi().on('listBatteryDevices', async () => ({ data: [older, gone, device] }));
    const el = await mount<SfStepBatteryDevice>(fake.api, html`<sf-step-battery-device .account=${active} .draft=${{}} .deviceId=${null}></sf-step-battery-device>`);
    await until(() => text(el).includes('Powerwall 3'));
    expect(text(el)).not.to.contain('Powerwall 2');
    expect(text(el)).not.to.contain('IQ Battery 5P');
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY)!).done).to.equal(true);
    sessionStorage.clear();
  });

  it('a battery connected before this link: the session is not marked done, and Done leaves (exited), not completes', async () => {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'flow_abc', locale: null }));
    const device = makeDevice();
    const fake = new FakeApi().on('listBatteryDevices', async () => ({ data: [device] }));
    const el = await mount<SfStepBatteryDevice>(fake.api, html`<sf-step-battery-device .account=${active} .draft=${{}} .deviceId=${device.id} .already=${true}></sf-step-battery-device>`);
    await until(() => text(el).includes('Powerwall 3'));
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY)!).done).not.to.equal(true);
    sessionStorage.clear();
    let completed = false;
    el.addEventListener('sf-step-complete', () => (completed = true));
    const exit = oneEvent(el, 'sf-exit-request');
    button(el, 'Done').click();
    await exit;
    expect(completed).to.equal(false);
  });

  it('a battery not on the account yet: the heading says so (never "is connected" above "not on your account yet"), in English and Spanish', async () => {
    const device = makeDevice();
    let data: ReturnType<typeof makeDevice>[] = [];
    const fake = new FakeApi().on('listBatteryDevices', async () => ({ data }));
    for (const already of [false, true]) {
      const el = await mount<SfStepBatteryDevice>(fake.api, html`<sf-step-battery-device .account=${active} .draft=${{}} .deviceId=${device.id} .already=${already}></sf-step-battery-device>`);
      await until(() => text(el).includes('not on your account yet'));
      const heading = () => text(el.shadowRoot!.querySelector('h1')!);
      expect(heading()).to.equal('We cannot see your battery yet');
      try {
        await useScope('connect-battery');
        await setLocale('es');
        await el.updateComplete;
        expect(heading()).to.equal('Todavía no vemos su batería');
        expect(text(el)).to.contain('La batería todavía no aparece en su cuenta.');
      } finally {
        await setLocale('en');
      }
      await expect(el).to.be.accessible();
      data = [device];
      button(el, 'Try again').click();
      await until(() => text(el).includes('Powerwall 3'));
      expect(heading()).to.match(already ? /^Your Tesla battery is already connected$/ : /^Your battery is connected$/);
      data = [];
    }
  });

  it('says the battery is connected when only its details cannot be read, and offers to try again', async () => {
    let fail = true;
    const device = makeDevice();
    const fake = new FakeApi().on('listBatteryDevices', async () => {
      if (fail) throw apiError(500, 'internal');
      return { data: [device] };
    });
    const el = await mount<SfStepBatteryDevice>(fake.api, html`<sf-step-battery-device .account=${active} .draft=${{}} .deviceId=${device.id}></sf-step-battery-device>`);
    await until(() => text(el).includes('Your battery is connected, but we could not show its details just now.'));
    expect(text(el)).not.to.contain('Something went wrong');
    fail = false;
    button(el, 'Try again').click();
    await until(() => text(el).includes('Powerwall 3'));
  });
});

describe('sf-step-battery-inactive', () => {
  it('explains that a battery connects once service is active, with the account state, and leaves', async () => {
    const account = makeAccount({ status: 'applying', status_reason: 'missing_identity' } as never);
    const el = await mount<SfStepBatteryInactive>(new FakeApi().api, html`<sf-step-battery-inactive .account=${account} .draft=${{}}></sf-step-battery-inactive>`);
    expect(text(el)).to.contain('You can connect a battery once your service is active');
    expect(text(el)).to.contain('Your enrollment is not finished');
    await expect(el).to.be.accessible();
    const exit = oneEvent(el, 'sf-exit-request');
    button(el, 'Close').click();
    await exit;
  });

  it("names a scheduled account's start date, its location's contract's", async () => {
    const scheduled = makeAccount({ status: 'scheduled', status_reason: 'service_pending', location_uuid: 'loc-1' } as never);
    const fake = new FakeApi().on('getLocation', async () => makeLocation({ start_date: '2030-02-15' }));
    const el = await mount<SfStepBatteryInactive>(fake.api, html`<sf-step-battery-inactive .account=${scheduled} .draft=${{}}></sf-step-battery-inactive>`);
    await until(() => text(el).includes('Service starts on February 15, 2030.'));
    expect(text(el)).to.contain('You can connect a battery once your service is active');
  });

  it('does not ask a cancelled account to come back: its service will not become active', async () => {
    for (const status_reason of ['cancelled_post_start', 'cancelled_pre_start']) {
      const account = makeAccount({ status: 'cancelled', status_reason } as never);
      const el = await mount<SfStepBatteryInactive>(new FakeApi().api, html`<sf-step-battery-inactive .account=${account} .draft=${{}}></sf-step-battery-inactive>`);
      expect(text(el)).to.contain('There is no service to connect a battery to');
      expect(text(el)).to.contain('the service of this account was cancelled');
      expect(text(el)).not.to.contain('Come back');
      expect(text(el)).not.to.contain('once your service is active');
      await expect(el).to.be.accessible();
    }
  });
});
