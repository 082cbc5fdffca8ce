/**
 * The address step's views after its form: the meter choice, the confirmation, and the fallbacks (type-ahead and
 * ESI ID search). One chunk, off the first screen: the step fetches it when the browser is idle after the form is
 * up, or at once when it needs a view before that (see `loadViews` in address.ts).
 */
import './address-choice.js';
import './address-confirm.js';
import './address-lookup.js';
