/**
 * The flow page's first script: its early requests (flow/early-requests.ts). An entry of its own (vite.config.ts),
 * listed by index.html before the flow's code, which the browser runs after it.
 */
import { sendEarlyRequests } from './flow/early-requests.js';

sendEarlyRequests(window, __SERVICE_URL__, () => import('./i18n/runtime.js'));
