/** The script-tag build (`dist/host/service-flow.iife.js`): the host SDK as `window.ServiceFlow`. */
import { ServiceFlow } from './service-flow.js';

declare global {
  interface Window {
    ServiceFlow: typeof ServiceFlow;
  }
}

window.ServiceFlow = ServiceFlow;
