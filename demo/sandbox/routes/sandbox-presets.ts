/**
 * POST /__sandbox/accounts: a new account of the App in a preset's state (state/presets.ts), in one call. A sandbox
 * control like the others (http/controls.ts guards it: App token, no web page, JSON only).
 */
import type { Hono } from 'hono';
import { readJson } from '../http/body.js';
import { checkBody } from '../http/contract.js';
import type { SandboxEnv } from '../http/env.js';
import { fail, type FieldIssue } from '../http/errors.js';
import type { Processor } from '../processor/processor.js';
import { emitInvoiceEvents } from '../state/invoice-history.js';
import { buildPreset, PRESET_NAMES, presetNamed } from '../state/presets.js';
import { toAccount } from '../views/account.js';
import { issueAccountToken } from './app-accounts.js';
import type { Deps } from './deps.js';

export function registerPresetRoutes(app: Hono<SandboxEnv>, deps: Deps, processor: Processor): void {
  const { store, clock, config } = deps;

  app.post('/__sandbox/accounts', async (c) => {
    const issues: FieldIssue[] = [];
    const body = checkBody('sandboxCreatePresetAccount', await readJson(c), issues);
    const preset = body ? presetNamed(body.preset) : undefined;
    if (body && !preset && !issues.some((i) => i.field === 'preset')) {
      issues.push({ field: 'preset', code: 'enum', message: `preset must be one of: ${PRESET_NAMES.join(', ')}` });
    }
    if (!body || !preset || issues.length) throw fail.invalid(issues);
    const account = buildPreset(deps, processor, preset, body.locale ?? 'en').account;
    c.set('subjectAccount', account);
    // The invoices the story's months issued, and their payments, reach the webhooks now, as after a clock move.
    emitInvoiceEvents(store, account, clock.nowMs(), config.publicUrl);
    const token = issueAccountToken(deps, account);
    return c.json(
      {
        preset: preset.name,
        uuid: account.uuid,
        account: toAccount(account, store.app),
        account_token: token.token,
        account_token_expires_at: token.expires_at,
      },
      201,
    );
  });
}
