/**
 * The identity and credit steps as one chunk: the credit check follows the identity step, and the two share most of
 * their vocabulary (personal details, form fields, consent, failures): together they are about 0.4 KB less than
 * apart. The price: a session that resumes at the credit check downloads the identity form too (about 3 KB gzip);
 * client agent sessions, which skip both, download neither.
 *
 * Loaded by the enrollment declaration (scopes/enrollment/enrollment.ts: `identity`, `credit`).
 */
import './identity/identity.js';
import './credit/credit.js';
