/**
 * What the root loads after the first screen, in one chunk: the status screens (expired, error, closed: prefetched
 * once the first step is up, so they are there offline) and the brand color checks (loaded at once for a partner
 * with a color of its own). Two small files compress worse apart than together.
 */
import './screens/status-screen.js';

export { usableBrandColor } from './branding.js';
