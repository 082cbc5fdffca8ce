/** The page's reading of the sandbox fixtures: checked against the sandbox's real fixture document. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fixtures } from '../../sandbox/data/fixtures.js';
import { collectAddresses } from '../client/api.js';

describe('collectAddresses', () => {
  it('offers every sandbox test address once, grouped by utility, with its trigger; an address with two meters is one choice', () => {
    const doc = fixtures() as { addresses: { address_1: string; address_2?: string | null; postal_code: string }[] };
    const list = collectAddresses(doc);
    const addresses = new Set(doc.addresses.map((a) => `${a.address_1}|${a.address_2 ?? ''}|${a.postal_code}`));
    assert.equal(list.length, addresses.size);
    assert.ok(list.every((a) => a.group !== '' && a.address.state === 'TX' && /^\d{5}$/.test(a.address.postal_code)));
    // Its meters prefill the same address: "Meter 2 of 2" would promise a choice the prefill cannot make.
    assert.ok(!list.some((a) => /Meter \d of \d/.test(a.label)));
    assert.ok(list.some((a) => /several meters: the flow asks which/.test(a.label)));
    assert.ok(list.some((a) => /switch hold/.test(a.label)));
  });

  it('reads other shapes too, and nothing from documents without addresses', () => {
    const list = collectAddresses({ examples: [{ label: 'exact match', address: { address_1: '1 Main St', city: 'Austin', postal_code: '78701' } }] });
    assert.deepEqual(list, [{ label: '1 Main St, Austin 78701 (exact match)', group: '', address: { address_1: '1 Main St', city: 'Austin', state: 'TX', postal_code: '78701' } }]);
    assert.deepEqual(collectAddresses({ cards: [{ number: '4242' }] }), []);
    assert.deepEqual(collectAddresses(null), []);
  });
});
