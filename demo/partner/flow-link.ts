/**
 * What a partner backend does to open the flow: create the account (unless reusing one; in the sandbox, possibly
 * already in a preset's state), record power of attorney for a client-agent enrollment, then ask the service for a
 * one-hour login link.
 */
import { randomBytes } from 'node:crypto';
import type { FlowLinkRequest } from './flow-link-request.js';
import type { FlowLogin, FlowLoginRequest, ServiceApi } from './sandbox-api.js';

export interface FlowLinkResult {
  login_link: string;
  account_uuid: string;
  expires_at: string;
  scope: FlowLogin['scope'];
  behavior: FlowLogin['behavior'];
}

/**
 * A step after the account was created failed: the account exists at the service, and a partner keeps its uuid with
 * its user at once, so that trying again opens the flow for that account rather than creating another.
 */
export class AfterAccountCreated extends Error {
  constructor(
    readonly accountUuid: string,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

export async function createFlowLink(api: ServiceApi, req: FlowLinkRequest, partnerUrl: string): Promise<FlowLinkResult> {
  const accountUuid =
    req.account_uuid ?? (req.preset !== undefined ? (await api.createPresetAccount(req.preset, req.locale)).accountUuid : await createAccount(api, req));
  try {
    if (req.client_agent) await api.recordClientAgent(accountUuid);
    const body: FlowLoginRequest = { scope: req.scope, behavior: req.behavior, locale: req.locale };
    // Only a hosted flow navigates the top-level window; an embedded one reports through messages instead.
    if (req.behavior === 'hosted') body.return_url = `${partnerUrl}/return`;
    const link = await api.flowLogin(accountUuid, body);
    return { login_link: link.login_link, account_uuid: accountUuid, expires_at: link.expires_at, scope: link.scope, behavior: link.behavior };
  } catch (error) {
    throw req.account_uuid === undefined ? new AfterAccountCreated(accountUuid, error) : error;
  }
}

async function createAccount(api: ServiceApi, req: FlowLinkRequest): Promise<string> {
  const { accountUuid } = await api.createAccount({
    email: req.email ?? randomSandboxEmail(),
    locale: req.locale,
    ...(req.first_name !== undefined && { first_name: req.first_name }),
    ...(req.last_name !== undefined && { last_name: req.last_name }),
    ...(req.preliminary_address !== undefined && { preliminary_address: req.preliminary_address }),
  });
  return accountUuid;
}

/** A throwaway address on the reserved example.com domain, so a demo account never names a real person. */
export function randomSandboxEmail(): string {
  return `customer.${randomBytes(5).toString('hex')}@example.com`;
}
