import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { Account } from '../../src/api/types.js';
import type { SfFlow } from '../../src/flow/flow.js';
import '../../src/flow/flow.js';
import { makeAccount, makeSession } from './fixtures.js';
import { closeMessages, deepFocus, fakeApi, fakeHost, waitForView } from './harness.js';
import { MAKERS, makeAuthorization, makeDevice, AUTH_ID } from '../steps/battery-fixtures.js';
import { SESSION_KEY } from '../../src/flow/bootstrap.js';

const active = makeAccount({ status: 'active', status_reason: 'active' } as Partial<Account>);
const session = makeSession({ scope: 'connect-battery' });

describe('sf-flow with connect-battery', () => {
  afterEach(() => sessionStorage.clear());

  it('resumes at the authorization the maker page sent back, then shows the battery and closes completed', async () => {
    const device = makeDevice();
    const api = fakeApi({
      getAccount: async () => active,
      getFlow: async () => session,
      getBatteryAuthorization: async (id) => makeAuthorization({ id, status: 'approved', device_id: device.id }),
      listBatteryMakers: async () => MAKERS,
      listBatteryDevices: async () => ({ data: [device] }),
    });
    const host = fakeHost();
    const el = await fixture<SfFlow>(html`<sf-flow .api=${api} .hostWindow=${host} .returned=${{ battery_authorization: AUTH_ID }}></sf-flow>`);
    const shown = await waitForView(el, 'sf-step-battery-device');
    await waitUntil(() => shown.shadowRoot!.textContent!.includes('Powerwall 3'));
    // The heading comes with the device, and the root focuses it at its next look (focusHeading polls each frame).
    await waitUntil(() => deepFocus()?.id === 'step-heading', 'focus not on the heading');
    shown.shadowRoot!.querySelector<HTMLButtonElement>('.actions .btn.primary')!.click();
    await waitUntil(() => closeMessages(host).length === 1);
    expect(closeMessages(host)[0]).to.include({ reason: 'completed' });
  });

  it('opens on the maker choice without anything sent back', async () => {
    const api = fakeApi({
      getAccount: async () => active,
      getFlow: async () => session,
      listBatteryMakers: async () => MAKERS,
      listBatteryDevices: async () => ({ data: [] }),
    });
    const el = await fixture<SfFlow>(html`<sf-flow .api=${api} .hostWindow=${fakeHost()}></sf-flow>`);
    await waitForView(el, 'sf-step-battery-maker');
    expect(el.shadowRoot!.querySelector('.progress')!.textContent).to.contain('Step 1 of 2');
  });

  it('a reload of the page after the battery was connected resumes on the battery screen, the latest connected one, and closes completed', async () => {
    // The device screen marked the tab's session done (markSessionDone); bootstrap hands that back as { done: true }.
    // The stored session keeps that flag only, no device id: the screen shows the account's latest connected battery.
    const device = makeDevice();
    const older = makeDevice({ id: 'older', maker: 'enphase', maker_name: 'Enphase', model: 'IQ Battery 5P', connected_at: '2029-06-01T10:00:00Z' });
    const api = fakeApi({
      getAccount: async () => active,
      getFlow: async () => session,
      listBatteryMakers: async () => MAKERS,
      listBatteryDevices: async () => ({ data: [older, device] }),
    });
    const host = fakeHost();
    const el = await fixture<SfFlow>(html`<sf-flow .api=${api} .hostWindow=${host} .returned=${{ done: true }}></sf-flow>`);
    const view = () => el.shadowRoot!.querySelector('sf-step-battery-maker, sf-step-battery-device');
    await waitUntil(() => view() !== null, 'no step shown', { timeout: 3000 });
    expect(view()!.localName).to.equal('sf-step-battery-device');
    const shown = await waitForView(el, 'sf-step-battery-device');
    await waitUntil(() => shown.shadowRoot!.textContent!.includes('Powerwall 3'), 'the connected battery is not shown', { timeout: 3000 });
    expect(shown.shadowRoot!.textContent).to.contain('Your battery is connected');
    expect(shown.shadowRoot!.textContent).not.to.contain('IQ Battery 5P');
    shown.shadowRoot!.querySelector<HTMLButtonElement>('.actions .btn.primary')!.click();
    await waitUntil(() => closeMessages(host).length === 1, 'no close', { timeout: 3000 });
    expect(closeMessages(host)[0]).to.include({ reason: 'completed' });
  });

  it('a new link on an account whose battery was already connected: Done tells the host `exited`, and a reload is not marked done', async () => {
    const device = makeDevice();
    const api = fakeApi({
      getAccount: async () => active,
      getFlow: async () => session,
      listBatteryMakers: async () => MAKERS,
      listBatteryDevices: async () => ({ data: [device] }),
    });
    sessionStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'flow_abc', locale: null }));
    const host = fakeHost();
    const el = await fixture<SfFlow>(html`<sf-flow .api=${api} .hostWindow=${host}></sf-flow>`);
    const maker = await waitForView(el, 'sf-step-battery-maker');
    await waitUntil(() => maker.shadowRoot!.querySelectorAll('input[type="radio"]').length > 0, 'no radios', { timeout: 3000 });
    expect(maker.shadowRoot!.textContent).to.contain('Already connected: Powerwall 3');
    maker.shadowRoot!.querySelector<HTMLInputElement>('input[type="radio"]')!.click();
    maker.shadowRoot!.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    const shown = await waitForView(el, 'sf-step-battery-device');
    await waitUntil(() => shown.shadowRoot!.textContent!.includes('Your Tesla battery is already connected'), 'not the already-connected screen', { timeout: 3000 });
    // Nothing was done with this link (the battery was connected before it): a reload starts over, not on this screen.
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? '{}').done, 'the session marked done').not.to.equal(true);
    shown.shadowRoot!.querySelector<HTMLButtonElement>('.actions .btn.primary')!.click();
    await waitUntil(() => closeMessages(host).length === 1, 'no close', { timeout: 3000 });
    expect(closeMessages(host)[0]).to.include({ reason: 'exited' });
  });
});
