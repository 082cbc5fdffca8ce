import { expect } from '@open-wc/testing';
import type { Account } from '../../src/api/types.js';
import { connectBattery } from '../../src/scopes/connect-battery/connect-battery.js';
import { batteryComplete, batteryExit, batteryStep, batterySteps, resumeFrom } from '../../src/scopes/connect-battery/router.js';
import { following, initialState, position, reduce, type Action, type FlowState } from '../../src/flow/state.js';
import type { AnyScope } from '../../src/flow/scope.js';
import { makeAccount, makeSession } from './fixtures.js';

const active = (): Account => makeAccount({ status: 'active', status_reason: 'active' } as Partial<Account>);
const tesla = { id: 'tesla' as const, name: 'Tesla' };
const AUTH = '7c2d9e4f-0000-4000-8000-00000000a001';
const scope = connectBattery as AnyScope;
const run = (state: FlowState, ...actions: Action[]) => actions.reduce((s, a) => reduce(scope, s, a), state);

describe('connect-battery router', () => {
  it('starts with the maker, then the authorization, then the device', () => {
    const account = active();
    expect(batteryStep(account)).to.equal('battery-maker');
    expect(batteryStep(account, { maker: tesla })).to.equal('battery-authorize');
    expect(batteryStep(account, { maker: tesla, device: 'd1' })).to.equal('battery-device');
    expect(batterySteps(account)).to.deep.equal(['battery-maker', 'battery-authorize']);
  });

  it('explains instead of connecting while the service is not active, whatever the session did', () => {
    for (const status of ['applying', 'reviewing', 'scheduled', 'cancelled'] as const) {
      const account = makeAccount({ status } as Partial<Account>);
      expect(batteryStep(account)).to.equal('battery-inactive');
      expect(batteryStep(account, { maker: tesla, device: 'd1' })).to.equal('battery-inactive');
      expect(batterySteps(account)).to.deep.equal([]);
    }
  });

  it('resumes at the authorization the maker page sent back, a well-formed id only', () => {
    expect(resumeFrom({ battery_authorization: AUTH.toUpperCase() })).to.deep.equal({ returned: AUTH });
    expect(resumeFrom({ battery_authorization: 'javascript:alert(1)' })).to.equal(undefined);
    expect(resumeFrom({})).to.equal(undefined);
    // A reload after a battery was connected in this session (its device screen marked it): leaving completes.
    expect(resumeFrom({ done: true })).to.deep.equal({ done: true });
    expect(batteryStep(active(), { done: true }), 'the battery screen again, not the maker choice').to.equal('battery-device');
    expect(batteryExit({ done: true })).to.equal('completed');
    expect(batteryStep(active(), { returned: AUTH })).to.equal('battery-authorize');
  });

  it("after a reload while the maker's page was open, resumes at that authorization; a redirect's or a done session wins", () => {
    const OTHER = '7c2d9e4f-0000-4000-8000-00000000a009';
    expect(resumeFrom({}, AUTH.toUpperCase())).to.deep.equal({ returned: AUTH, reloaded: true });
    expect(resumeFrom({ battery_authorization: OTHER }, AUTH)).to.deep.equal({ returned: OTHER });
    expect(resumeFrom({ done: true }, AUTH)).to.deep.equal({ done: true });
    expect(resumeFrom({}, 'not-an-id')).to.equal(undefined);
    // Allowed: the device, and the reload's mark goes with the authorization.
    expect(batteryComplete('battery-authorize', { device: 'd1' }, active(), { returned: AUTH, reloaded: true })).to.deep.equal({
      progress: { device: 'd1', done: true },
      step: 'battery-device',
    });
  });

  it('goes straight to the device when the chosen maker is already connected', () => {
    const next = batteryComplete('battery-maker', { maker: tesla, device: 'd1' }, active(), {});
    expect(next).to.deep.equal({ progress: { maker: tesla, device: 'd1' }, step: 'battery-device' });
  });

  it('a new maker choice forgets what an earlier one led to', () => {
    const next = batteryComplete('battery-maker', { maker: { id: 'enphase', name: 'Enphase' } }, active(), { maker: tesla, returned: AUTH });
    expect(next).to.deep.equal({ progress: { maker: { id: 'enphase', name: 'Enphase' } }, step: 'battery-authorize' });
  });

  it('shows the device the authorization connected, then completes', () => {
    const next = batteryComplete('battery-authorize', { device: 'd2' }, active(), { returned: AUTH });
    expect(next).to.deep.equal({ progress: { device: 'd2', done: true }, step: 'battery-device' });
    expect(batteryComplete('battery-device', undefined, active(), { device: 'd2' })).to.deep.equal({ close: 'completed' });
  });

  it('stays put on a completion without what it needs', () => {
    expect(batteryComplete('battery-maker', { maker: 'tesla' }, active(), {})).to.deep.equal({ progress: {}, step: 'battery-maker' });
    expect(batteryComplete('battery-authorize', {}, active(), { maker: tesla })).to.deep.equal({ progress: { maker: tesla }, step: 'battery-authorize' });
  });

  it('leaving completes once a device is shown, and is a plain exit before', () => {
    expect(batteryExit({})).to.equal('exited');
    expect(batteryExit({ maker: tesla })).to.equal('exited');
    expect(batteryExit({ device: 'd1', done: true })).to.equal('completed');
  });

  it('a battery connected before this link (the chosen maker had one) is a plain exit: nothing was done with the link', () => {
    const already = batteryComplete('battery-maker', { maker: tesla, device: 'd1' }, active(), {});
    expect('progress' in already && batteryExit(already.progress)).to.equal('exited');
    const connected = batteryComplete('battery-authorize', { device: 'd1' }, active(), { maker: tesla });
    expect('progress' in connected && batteryExit(connected.progress)).to.equal('completed');
  });
});

describe('connect-battery in the flow engine', () => {
  it('boots at the maker, or at the returned authorization, and numbers two steps', () => {
    const plain = run(initialState, { type: 'booted', session: makeSession(), account: active() });
    expect(plain.screen).to.include({ kind: 'step', step: 'battery-maker' });
    const back = run(initialState, { type: 'booted', session: makeSession(), account: active(), returned: { battery_authorization: AUTH } });
    expect(back.screen).to.include({ kind: 'step', step: 'battery-authorize' });
    expect(back.progress).to.deep.equal({ returned: AUTH });
    expect(position(scope, 'battery-authorize', active())).to.deep.equal({ index: 2, total: 2 });
    expect(following(scope, 'battery-authorize', active())).to.equal('battery-device');
  });

  it('a reboot in the same session keeps its progress rather than what the address said', () => {
    const first = run(initialState, { type: 'booted', session: makeSession(), account: active() });
    const again = run({ ...first, progress: { maker: tesla } }, { type: 'start' }, { type: 'booted', session: makeSession(), account: active(), returned: { battery_authorization: AUTH } });
    expect(again.progress).to.deep.equal({ maker: tesla });
  });

  it('goes from the maker through the authorization to the device without re-reading the account, and closes completed', () => {
    let state = run(initialState, { type: 'booted', session: makeSession(), account: active() });
    const ready = (s: FlowState) => run(s, { type: 'loaded', from: s.screen });
    state = run(ready(state), { type: 'complete', detail: { step: 'battery-maker', data: { maker: tesla } } });
    expect(state.screen).to.include({ step: 'battery-authorize' });
    state = run(ready(state), { type: 'complete', detail: { step: 'battery-authorize', data: { device: 'd1' } } });
    expect(state.screen).to.include({ step: 'battery-device' });
    state = run(ready(state), { type: 'complete', detail: { step: 'battery-device' } });
    expect(state.screen).to.deep.equal({ kind: 'closed', reason: 'completed', status: 'closed' });
  });

  it('closes as exited from the not-active explanation', () => {
    const account = makeAccount({ status: 'applying' } as Partial<Account>);
    let state = run(initialState, { type: 'booted', session: makeSession(), account });
    expect(state.screen).to.include({ step: 'battery-inactive' });
    state = run(state, { type: 'loaded', from: state.screen }, { type: 'exit', question: false });
    expect(state.screen).to.deep.equal({ kind: 'closed', reason: 'exited', status: 'closed' });
  });
});
