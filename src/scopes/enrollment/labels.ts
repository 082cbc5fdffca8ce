/** Step names for the progress bar, the announcements and the page title. Call from render (they use msg()). */
import { msg } from '@lit/localize';
import type { StepName } from '../../contract/enrollment.js';

export function stepLabel(step: StepName): string {
  switch (step) {
    case 'address': return msg('Service address', { id: 'step.address' });
    case 'plans': return msg('Plan', { id: 'step.plans' });
    case 'identity': return msg('Your details', { id: 'step.identity' });
    case 'credit': return msg('Credit check', { id: 'step.credit' });
    case 'payment': return msg('Payment method', { id: 'step.payment' });
    case 'review': return msg('Review', { id: 'step.review' });
    case 'done': return msg('Done', { id: 'step.done' });
  }
}
