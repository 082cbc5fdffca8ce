/**
 * What the customer needs once the address form is up, as one chunk: the address step's other views (the meter
 * choice, the confirmation, the type-ahead and ESI ID searches) and the next step, the plans, with the opt-out
 * question asked after them. Both parts are fetched at the same moment (while the customer types an address: the
 * address step asks for its views, the root prefetches the next step), and they share most of their words (address,
 * meter, ESI ID, utility), so together they compress to about 1 KB less than apart. The price: a session that
 * resumes on the plans downloads the address views too (about 3 KB gzip).
 *
 * Loaded by the address step (`loadViews`) and by the enrollment declaration (scopes/enrollment/enrollment.ts:
 * `plans`, the opt-out question); nothing imports the two parts directly, so the bundler cannot split them again.
 */
import './address/address-views.js';
import './plans/plans.js';
