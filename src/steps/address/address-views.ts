/**
 * The address step's views after its form: the meter choice, the confirmation, and the fallbacks (type-ahead and
 * ESI ID search). Off the first screen, in a chunk of their own: the step fetches it when the browser is idle after
 * the form is up, or at once when it needs a view before that (`loadViews` in address.ts).
 */
import './address-choice.js';
import './address-confirm.js';
import './address-lookup.js';
