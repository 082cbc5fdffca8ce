/**
 * The connect-battery router: pure functions from the account plus what this session did to the step to show.
 * Nothing on the account records a battery (the devices are read from the service by the steps), so the session's
 * progress decides, a page reached back from the maker's page (a redirect) resumes at the authorization, and a reload
 * after a battery was connected resumes on the battery screen (it shows the account's latest connected battery: the
 * stored session keeps a done flag, no device id).
 */
import type { Account, BatteryMakerId } from '../../api/types.js';
import type { Returned } from '../../flow/bootstrap.js';

export type BatteryStep = 'battery-maker' | 'battery-authorize' | 'battery-device' | 'battery-inactive';

/** What this session did. */
export interface BatteryProgress {
  /** The maker the customer chose (its display name for the next steps' wording). */
  maker?: { id: BatteryMakerId; name: string };
  /** An authorization the maker's page sent the customer back with (a redirect): read back, never trusted. */
  returned?: string;
  /** `returned` is the authorization whose maker's page was open when the page was reloaded, not a redirect's. */
  reloaded?: boolean;
  /** The connected device to show: just approved, or (without `done`) already connected for the chosen maker. */
  device?: string;
  /**
   * This session connected a battery: approved here, or before the page was reloaded (resumeFrom: no device id is
   * stored, the device screen shows the latest connected). A battery connected before this link is not.
   */
  done?: boolean;
}

/** The numbered steps (the device screen and the not-active explanation are not numbered). */
export const BATTERY_STEPS: readonly BatteryStep[] = ['battery-maker', 'battery-authorize'];

/** A battery is connected to service that runs: the account must be active. */
export function canConnect(account: Account): boolean {
  return account.status === 'active';
}

export function batterySteps(account: Account): readonly BatteryStep[] {
  return canConnect(account) ? BATTERY_STEPS : [];
}

export function batteryStep(account: Account, progress: BatteryProgress = {}): BatteryStep {
  if (!canConnect(account)) return 'battery-inactive';
  if (progress.device || progress.done) return 'battery-device';
  if (progress.maker || progress.returned) return 'battery-authorize';
  return 'battery-maker';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The session after the maker's page redirected back: the authorization to read (a well-formed id only); after a
 * reload of a session that connected a battery (its device screen marked it), that it did; after a reload while the
 * maker's page was open (`pending`, pending.ts), that authorization, read again.
 */
export function resumeFrom(returned: Returned, pending?: string): BatteryProgress | undefined {
  const id = returned.battery_authorization;
  if (id && UUID.test(id)) return { returned: id.toLowerCase() };
  if (returned.done) return { done: true };
  return pending && UUID.test(pending) ? { returned: pending.toLowerCase(), reloaded: true } : undefined;
}

/**
 * Leaving once this session connected a battery completes the flow; before, or on a battery connected before this
 * link (nothing was done with it), it is a plain exit.
 */
export function batteryExit(progress: BatteryProgress): 'completed' | 'exited' {
  return progress.done ? 'completed' : 'exited';
}

/** What the steps report with sf-step-complete (`data`). */
export interface BatteryStepData {
  /** battery-maker: the maker chosen. */
  maker?: { id: BatteryMakerId; name: string };
  /** battery-maker (already connected) and battery-authorize (approved): the device to show. */
  device?: string;
}

function isMaker(value: unknown): value is { id: BatteryMakerId; name: string } {
  const m = value as { id?: unknown; name?: unknown } | null;
  return typeof m === 'object' && m !== null && typeof m.id === 'string' && typeof m.name === 'string';
}

/** Folds a completed step into the progress: the next step, or the end once the device was shown. */
export function batteryComplete(
  step: string,
  data: Record<string, unknown> | undefined,
  account: Account,
  progress: BatteryProgress,
): { progress: BatteryProgress; step: BatteryStep } | { close: 'completed' } {
  if (step === 'battery-device') return { close: 'completed' };
  const device = typeof data?.device === 'string' ? data.device : undefined;
  let p: BatteryProgress = progress;
  if (step === 'battery-maker' && isMaker(data?.maker)) {
    // A new choice starts over: no earlier authorization or device of this session counts.
    p = { maker: data.maker, ...(device ? { device } : {}) };
  } else if (step === 'battery-authorize' && device) {
    const { returned: _returned, reloaded: _reloaded, ...rest } = progress;
    p = { ...rest, device, done: true };
  }
  return { progress: p, step: batteryStep(account, p) };
}
