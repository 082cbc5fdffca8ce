/** The README's tables are what developers copy magic values from: keep them equal to the data. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { PREMISES, UNKNOWN_ESI_ID } from '../data/addresses.js';
import { SSN_SERIAL_TRIGGERS } from '../data/triggers.js';
import { PRESETS } from '../state/presets.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('demo/sandbox/README.md', () => {
  it('lists every test address with its ESI ID', () => {
    for (const p of PREMISES) {
      const line = readme.split('\n').find((l) => l.includes(`\`${p.esi_id}\``) && l.startsWith(`| ${p.address_1}`));
      assert.ok(line, `${p.address_1} ${p.esi_id}`);
    }
    assert.ok(readme.includes(`\`${UNKNOWN_ESI_ID}\``));
  });

  it('names the premise triggers and SSN serials the code uses', () => {
    const triggers: Record<string, string> = { switch_hold: 'enrollment_blocked_switch_hold', deactivated: 'enrollment_blocked_deactivated', utility_blocked: 'utility_blocked' };
    for (const p of PREMISES.filter((x) => x.trigger)) {
      const row = readme.split('\n').find((l) => l.startsWith('| premise |') && l.includes(p.esi_id));
      assert.ok(row?.includes(`needs_attention/${triggers[p.trigger!]}`), p.esi_id);
    }
    for (const [serial, outcome] of Object.entries(SSN_SERIAL_TRIGGERS)) {
      const row = readme.split('\n').find((l) => l.includes(`\`${serial}\``));
      assert.ok(row?.includes(`needs_attention/${outcome}`), serial);
    }
  });
});

describe('demo/sandbox/README.md account presets', () => {
  it('has a row per preset with the state it gives, and no row for a preset that is gone', () => {
    const rows = readme.split('\n').filter((l) => /^\| `[a-z-]+` \| `[a-z_]+\/[a-z_]+` \|/.test(l));
    for (const p of PRESETS) {
      const row = rows.find((l) => l.startsWith(`| \`${p.name}\` |`));
      assert.ok(row, p.name);
      assert.ok(row.includes(`\`${p.status}/${p.status_reason}\``), p.name);
      assert.ok(row.includes(p.description), `${p.name}: the README's description is the code's`);
    }
    assert.equal(rows.length, PRESETS.length);
  });
});
