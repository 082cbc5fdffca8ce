/** `service-flow/host`: the host SDK as an ES module (docs/integration.md). */
export { ServiceFlow, open } from './service-flow.js';
export type { CloseReason, FlowCloseMessage, FlowMessage, FlowReadyMessage, ServiceFlowHandle, ServiceFlowOptions } from './service-flow.js';
