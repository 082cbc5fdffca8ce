import { expect } from '@open-wc/testing';
import type { Account, AddressSearchResult } from '../../src/api/types.js';
import { followingStep, isClientAgent, nextStep, previousStep, stepPosition, stepsFor } from '../../src/scopes/enrollment/router.js';
import { makeAccount, ADDRESS } from './fixtures.js';

describe('router', () => {
  const other: AddressSearchResult = { ...ADDRESS, esi_id: '10089010000000000000099' };

  it('starts at the address when nothing is done', () => {
    expect(nextStep(makeAccount())).to.equal('address');
  });

  it('goes to plans once the address is confirmed in this session', () => {
    expect(nextStep(makeAccount(), { address: ADDRESS })).to.equal('plans');
  });

  it('resumes at plans when an earlier session requested plans (service_address set)', () => {
    expect(nextStep(makeAccount({ service_address: ADDRESS }))).to.equal('plans');
  });

  it('walks identity → credit → payment → review → done from the flags', () => {
    const base = { service_address: ADDRESS };
    expect(nextStep(makeAccount(base, { has_accepted_plan: true }))).to.equal('identity');
    expect(nextStep(makeAccount(base, { has_accepted_plan: true, is_identity_verified: true }))).to.equal('credit');
    expect(
      nextStep(makeAccount(base, { has_accepted_plan: true, is_identity_verified: true, is_credit_check_submitted: true })),
    ).to.equal('payment');
    const ready = makeAccount(base, {
      has_accepted_plan: true,
      is_identity_verified: true,
      is_credit_check_submitted: true,
      has_payment_method: true,
      can_finalize_enrollment: true,
    });
    expect(nextStep(ready)).to.equal('review');
    expect(nextStep(ready, { finalized: true })).to.equal('done');
    expect(nextStep(makeAccount(base, { is_enrollment_finalized: true }))).to.equal('done');
  });

  it('returns to an unfinished earlier step (payment method removed)', () => {
    const account = makeAccount({ service_address: ADDRESS }, {
      has_accepted_plan: true,
      is_identity_verified: true,
      is_credit_check_submitted: true,
      has_payment_method: false,
    });
    expect(nextStep(account)).to.equal('payment');
  });

  it('asks for plans again when the user confirmed a different meter after accepting', () => {
    const account = makeAccount({ service_address: ADDRESS }, { has_accepted_plan: true });
    expect(nextStep(account, { address: ADDRESS })).to.equal('identity');
    expect(nextStep(account, { address: other })).to.equal('plans');
  });

  it('detects client agent accounts and gives them address, plans, review', () => {
    const ready = makeAccount({ status: 'ready', status_reason: 'enrollment_pending_client_agent', client_agent_accepted: true }, {
      is_identity_verified: true,
      is_credit_check_submitted: true,
      has_payment_method: true,
    });
    expect(isClientAgent(ready)).to.equal(true);
    expect(stepsFor(ready)).to.deep.equal(['address', 'plans', 'review']);
    expect(nextStep(ready)).to.equal('address');
    expect(nextStep(ready, { address: ADDRESS })).to.equal('plans');
    const accepted = makeAccount({ ...ready, service_address: ADDRESS }, { ...ready.enrollment, has_accepted_plan: true });
    expect(nextStep(accepted)).to.equal('review');
    expect(stepPosition('review', accepted)).to.deep.equal({ index: 3, total: 3 });
    expect(previousStep('review', accepted)).to.equal('plans');
  });

  it('treats client_agent_accepted with preapproval done as client agent even before status ready', () => {
    const account = makeAccount({ client_agent_accepted: true }, {
      is_identity_verified: true,
      is_credit_check_submitted: true,
      has_payment_method: true,
    });
    expect(isClientAgent(account)).to.equal(true);
    expect(isClientAgent(makeAccount({ client_agent_accepted: true }))).to.equal(false);
  });

  it('numbers the standard steps 1 to 6 and knows the neighbours', () => {
    const a: Account = makeAccount();
    expect(stepPosition('address', a)).to.deep.equal({ index: 1, total: 6 });
    expect(stepPosition('plans', a)).to.deep.equal({ index: 2, total: 6 });
    expect(stepPosition('done', a)).to.equal(null);
    expect(previousStep('address', a)).to.equal(null);
    expect(previousStep('credit', a)).to.equal('identity');
    expect(previousStep('done', a)).to.equal(null);
    expect(followingStep('address', a)).to.equal('plans');
    expect(followingStep('review', a)).to.equal('done');
    expect(followingStep('done', a)).to.equal(null);
  });

  it('always returns the first unfinished step, for every combination of the flags', () => {
    const flags = ['has_accepted_plan', 'is_identity_verified', 'is_credit_check_submitted', 'has_payment_method'] as const;
    const order = ['plans', 'identity', 'credit', 'payment'] as const;
    for (let mask = 0; mask < 2 ** flags.length; mask += 1) {
      for (const finalized of [false, true]) {
        for (const hasAddress of [false, true]) {
          const enrollment = Object.fromEntries(flags.map((f, i) => [f, Boolean(mask & (1 << i))]));
          const account = makeAccount(hasAddress ? { service_address: ADDRESS } : {}, { ...enrollment, is_enrollment_finalized: finalized });
          const missing = order.find((_, i) => !(mask & (1 << i)));
          const expected = finalized ? 'done' : !hasAddress ? 'address' : (missing ?? 'review');
          expect(nextStep(account), `mask ${mask} finalized ${finalized} address ${hasAddress}`).to.equal(expected);
        }
      }
    }
  });
});
