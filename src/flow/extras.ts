/**
 * What the root loads after the first screen, in one chunk, once the session is known: the status screens (expired,
 * error, closed: then there offline), the session clock that leads to the expired one (with its notice), and the brand color checks.
 * Small files compress worse apart than together.
 */
import './screens/status-screen.js';
import './screens/expiry-notice.js';

export { usableBrandColor } from './branding.js';
export { watchExpiry } from './expiry.js';
