/**
 * The message contract from the flow to the page or app hosting it (docs/messages.md). Versioned: a change that
 * would break a host gets a new `version`; new optional fields and new message types do not. Identical on every
 * channel (parent frame, React Native, iOS, Android). Messages never carry personal data.
 */

export const MESSAGE_VERSION = 1;

export type FlowScope = 'enrollment' | 'update-payment-method' | 'documents' | 'billing' | 'renewal' | 'connect-battery';

export type CloseReason = 'completed' | 'exited' | 'expired' | 'error';

interface MessageBase<T extends string> {
  type: T;
  version: typeof MESSAGE_VERSION;
  scope: FlowScope;
}

/** The first step is on screen: a host may stop its own loading indicator. */
export type FlowReadyMessage = MessageBase<'service-flow-ready'>;

/** A step is shown (`address`, `plans`, …): for the host's analytics. */
export interface FlowStepMessage extends MessageBase<'service-flow-step'> {
  step: string;
}

/** The content height changed (CSS pixels): an inline (non-modal) embed may resize its iframe. */
export interface FlowResizeMessage extends MessageBase<'service-flow-resize'> {
  height: number;
}

/** Five minutes before the link expires: a host may prepare a fresh link. */
export interface FlowSessionExpiringMessage extends MessageBase<'service-flow-session-expiring'> {
  /** ISO 8601 timestamp. */
  expires_at: string;
}

/** The flow is over: the host removes the iframe / closes the WebView. Sent once. */
export interface FlowCloseMessage extends MessageBase<'service-flow-close'> {
  reason: CloseReason;
  /** The account's `status` and `status_reason` where known. */
  account_status?: string;
  status_reason?: string;
}

export type FlowMessage =
  | FlowReadyMessage
  | FlowStepMessage
  | FlowResizeMessage
  | FlowSessionExpiringMessage
  | FlowCloseMessage;

export type FlowMessageType = FlowMessage['type'];

type WithoutEnvelope<M> = M extends FlowMessage ? Omit<M, 'version' | 'scope'> : never;
/** A message as the flow writes it; the bridge adds `version` and `scope`. */
export type FlowMessageInit = WithoutEnvelope<FlowMessage>;

/**
 * The one message a host may send to the flow, optional: posted to the flow's iframe window with the flow's origin as
 * the target (`frame.contentWindow.postMessage({ type: 'service-flow-init', version: 1 }, FLOW_ORIGIN)`), on the
 * iframe's `load` event and again when the flow's first message arrives. In a browser that does not name the parent's
 * origin to the page (no `location.ancestorOrigins`), the origin the browser attaches to it tells the
 * flow where to send: every later message goes to that one origin, if it is allowed, instead of to each allowed one.
 */
export interface HostInitMessage {
  type: 'service-flow-init';
  version: number;
}

const TYPES: ReadonlySet<string> = new Set<FlowMessageType>([
  'service-flow-ready',
  'service-flow-step',
  'service-flow-resize',
  'service-flow-session-expiring',
  'service-flow-close',
]);

/** For hosts: whether `data` (from a `message` event, after checking its origin) is a flow message. */
export function isFlowMessage(data: unknown): data is FlowMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as { type?: unknown; version?: unknown };
  return typeof m.type === 'string' && TYPES.has(m.type) && typeof m.version === 'number';
}
