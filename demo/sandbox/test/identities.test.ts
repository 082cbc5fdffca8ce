/** The test identities listed in the fixtures and the READMEs pass the identity step; the refusals are refused. */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { PREMISES } from '../data/addresses.js';
import { TEST_IDENTITIES } from '../data/identities.js';
import { Harness } from './support/harness.js';

const h = new Harness();
after(() => h.close());

async function acceptedPlan(): Promise<ReturnType<Harness['as']>> {
  const premise = PREMISES.find((p) => p.postal_code === '77002' && !p.trigger)!;
  const { token } = await h.createAccount();
  const acct = h.as(token);
  const [plan] = await h.plansFor(token, premise.esi_id);
  const accepted = await acct('POST', '/v1/account/enroll/plans/accept', { esi_id: premise.esi_id, plan_uuid: plan!.uuid, start_date: plan!.earliest_start_date, terms_accepted: true });
  assert.equal(accepted.status, 200);
  return acct;
}

describe('test identities', () => {
  it('each passes the identity step as listed', async () => {
    for (const identity of TEST_IDENTITIES) {
      const acct = await acceptedPlan();
      const { note: _note, ...fields } = identity;
      const res = await acct('PATCH', '/v1/account/enroll/identity', fields);
      assert.equal(res.status, 200, `${identity.first_name}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.enrollment.is_identity_verified, true);
    }
  });

  it('the listed refusals are refused', async () => {
    const [base] = TEST_IDENTITIES;
    const { note: _note, ...fields } = base!;
    for (const phone of ['(012) 555-0100', '(713) 055-0100', '555-0100']) {
      const acct = await acceptedPlan();
      const res = await acct('PATCH', '/v1/account/enroll/identity', { ...fields, phone });
      assert.ok(res.status === 400 || res.status === 422, `${phone}: ${res.status}`);
    }
  });

  it('are served by GET /__sandbox/fixtures and listed in both READMEs', async () => {
    const res = await h.call('GET', '/__sandbox/fixtures', { token: null });
    assert.deepEqual(res.body.identities, TEST_IDENTITIES);
    const sandboxReadme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const rootReadme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    for (const i of TEST_IDENTITIES) {
      const row = sandboxReadme.split('\n').find((l) => l.startsWith(`| ${i.first_name} ${i.last_name} |`));
      assert.ok(row?.includes(`\`${i.date_of_birth}\``) && row.includes(`\`${i.phone}\``), `sandbox README: ${i.first_name}`);
    }
    const first = TEST_IDENTITIES[0]!;
    assert.ok(rootReadme.includes(`${first.first_name} ${first.last_name}, born \`${first.date_of_birth}\`, phone \`${first.phone}\``), 'root README');
  });
});
