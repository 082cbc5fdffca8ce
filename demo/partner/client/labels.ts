/** Human names for scopes and close reasons, shared by the views. */
import type { FlowScope } from './types.js';

const SCOPE_TITLES: Record<FlowScope, string> = {
  enrollment: 'Electricity enrollment',
  'update-payment-method': 'Electricity payment method',
  documents: 'Electricity documents',
  billing: 'Electricity billing',
  renewal: 'Electricity plan renewal',
  'connect-battery': 'Connect a home battery',
};

/** The accessible name of the frame and of the modal: what the customer is doing, per scope. */
export function flowTitle(scope: FlowScope): string {
  return SCOPE_TITLES[scope];
}

const REASONS: Record<string, string> = {
  completed: 'The customer finished the flow.',
  exited: 'The customer left the flow.',
  expired: 'The login link expired.',
  error: 'The flow stopped because of an error.',
};

export function describeReason(reason: string | undefined): string {
  if (reason === undefined) return 'The flow closed.';
  return REASONS[reason] ?? `The flow closed (reason: ${reason}).`;
}

/** The return page speaks to the customer who just came back from the hosted flow. */
const RETURN_TEXT: Record<string, string> = {
  completed: 'You are done: your enrollment is submitted. Switching your service takes 2 to 72 business hours.',
  exited: 'You left before finishing. What you already entered is saved, so you can continue later.',
  expired: 'Your link expired. Open it again from Lone Star Bank to continue where you left off.',
  error: 'Something went wrong on our side. Please try again later.',
};

export function describeReturn(reason: string | undefined): string {
  return (reason !== undefined && RETURN_TEXT[reason]) || 'The electricity flow has closed.';
}
