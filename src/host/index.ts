/** `service-flow/host`: the host SDK as an ES module (docs/integration.md), and the flow's message types and guard. */
export { ServiceFlow, open } from './service-flow.js';
export type { ServiceFlowHandle, ServiceFlowOptions } from './service-flow.js';
// What a host that shows the flow without the modal (its own iframe, a WebView) needs too: importing them runs
// nothing (the SDK touches the page only in open()), so a React Native app can import them as well.
export { isFlowMessage } from '../bridge/messages.js';
export type {
  CloseReason,
  FlowCloseMessage,
  FlowMessage,
  FlowMessageType,
  FlowReadyMessage,
  FlowResizeMessage,
  FlowScope,
  FlowSessionExpiringMessage,
  FlowStepMessage,
  HostInitMessage,
} from '../bridge/messages.js';
