/** Step names for the progress bar, the announcements and the page title. Call from render (they use msg()). */
import { msg } from '@lit/localize';
import type { BatteryStep } from './router.js';

export function batteryStepLabel(step: BatteryStep): string {
  switch (step) {
    case 'battery-maker': return msg('Battery maker', { id: 'battery.step.maker' });
    case 'battery-authorize': return msg('Allow access', { id: 'battery.step.authorize' });
    case 'battery-device': return msg('Your battery', { id: 'battery.step.device' });
    case 'battery-inactive': return msg('Connect a battery', { id: 'battery.step.inactive' });
  }
}
