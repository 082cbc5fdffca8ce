/**
 * The connect-battery scope, as the flow engine (flow/scope.ts) takes it: choose the battery maker, allow access on
 * the maker's own page (a popup, or a redirect there and back when no popup can open), then the connected battery.
 * An account whose service is not active gets an explanation instead. The first step is part of this chunk; the
 * others load when they come (prefetched while the customer chooses).
 */
import { html } from 'lit';
import { msg } from '@lit/localize';
import type { ScopeDeclaration } from '../../flow/scope.js';
import { batteryStepLabel } from './labels.js';
import { batteryComplete, batteryExit, batteryStep, batterySteps, resumeFrom, type BatteryProgress, type BatteryStep } from './router.js';
import { pendingAuthorization } from './pending.js';
// The first step is part of this scope's first-screen chunk (vite.config.ts): imported here, not loaded.
import '../../steps/battery-maker/battery-maker.js';

export const connectBattery: ScopeDeclaration<BatteryStep, BatteryProgress> = {
  title: () => msg('Connect a battery', { id: 'battery.title' }),
  label: batteryStepLabel,
  progress: {},
  resume: (returned) => resumeFrom(returned, pendingAuthorization()),
  steps: batterySteps,
  current: batteryStep,
  // The account does not change when a battery connects: nothing to re-read after a step.
  local: ['battery-maker', 'battery-authorize', 'battery-device', 'battery-inactive'],
  complete: ({ step, data }, account, progress) => batteryComplete(step, data, account, progress),
  exit: (_account, progress) => batteryExit(progress),
  views: {
    'battery-inactive': {
      tag: 'sf-step-battery-inactive',
      load: () => import('../../steps/battery-inactive/battery-inactive.js'),
      render: (i) => html`<sf-step-battery-inactive .account=${i.account} .draft=${i.draft}></sf-step-battery-inactive>`,
    },
    'battery-maker': {
      tag: 'sf-step-battery-maker',
      load: () => Promise.resolve(),
      render: (i) => html`<sf-step-battery-maker .account=${i.account} .draft=${i.draft} .chosen=${i.progress.maker?.id ?? null}></sf-step-battery-maker>`,
    },
    'battery-authorize': {
      tag: 'sf-step-battery-authorize',
      load: () => import('../../steps/battery-authorize/battery-authorize.js'),
      render: (i) =>
        html`<sf-step-battery-authorize .account=${i.account} .draft=${i.draft} .maker=${i.progress.maker ?? null} .returned=${i.progress.returned ?? null} .reloaded=${i.progress.reloaded ?? false}></sf-step-battery-authorize>`,
    },
    'battery-device': {
      tag: 'sf-step-battery-device',
      load: () => import('../../steps/battery-device/battery-device.js'),
      render: (i) =>
        html`<sf-step-battery-device .account=${i.account} .draft=${i.draft} .deviceId=${i.progress.device ?? null} .already=${!i.progress.done}></sf-step-battery-device>`,
    },
  },
};
