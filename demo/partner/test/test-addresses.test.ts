/** The page's reading of the sandbox fixtures: checked against the sandbox's real fixture document. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fixtures } from '../../sandbox/data/fixtures.js';
import { collectAddresses } from '../client/api.js';

describe('collectAddresses', () => {
  it('offers every sandbox test address, grouped by utility, with its meter and trigger', () => {
    const doc = fixtures() as { addresses: { address_1: string }[] };
    const list = collectAddresses(doc);
    assert.equal(list.length, doc.addresses.length);
    assert.ok(list.every((a) => a.group !== '' && a.address.state === 'TX' && /^\d{5}$/.test(a.address.postal_code)));
    assert.ok(list.some((a) => /Meter 1 of 2/.test(a.label)));
    assert.ok(list.some((a) => /switch hold/.test(a.label)));
  });

  it('reads other shapes too, and nothing from documents without addresses', () => {
    const list = collectAddresses({ examples: [{ label: 'exact match', address: { address_1: '1 Main St', city: 'Austin', postal_code: '78701' } }] });
    assert.deepEqual(list, [{ label: '1 Main St, Austin 78701 (exact match)', group: '', address: { address_1: '1 Main St', city: 'Austin', state: 'TX', postal_code: '78701' } }]);
    assert.deepEqual(collectAddresses({ cards: [{ number: '4242' }] }), []);
    assert.deepEqual(collectAddresses(null), []);
  });
});
