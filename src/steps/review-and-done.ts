/**
 * The last two steps as one chunk: the done screen follows the review in the same session (finalizing leads there),
 * and apart the done step's small chunk would carry again what it shares with the review (its words, the plan's
 * summary, Lit idioms): together they are about 0.4 KB less. The price: a session that resumes after finalizing
 * downloads the review too (about 2 KB gzip).
 *
 * Loaded by the enrollment declaration (scopes/enrollment/enrollment.ts: `review`, `done`).
 */
import './review/review.js';
import './done/done.js';
