/**
 * Entry of index.html. The login link's token left the address bar before this code arrived: the page's first script
 * (its early requests, flow/early-requests.ts) takes it out and hands the link over with the requests it sent with
 * it; a link without a token is cleaned here before anything else of this code runs (bootstrap.ts has no imports, so
 * it is evaluated first). Then the root element gets the token as a property, never as an attribute, with those
 * requests.
 */
import { captureLaunch, sessionStore, takeEarlyRequests } from './flow/bootstrap.js';
import './flow/flow.js';

// The link as it was: the early requests took the token out of the address bar already, when there was one.
const early = takeEarlyRequests(window);
const launch = captureLaunch(early ?? location, history, sessionStore());

const flow = document.createElement('sf-flow');
flow.locale = launch.locale;
flow.token = launch.token;
flow.returned = launch.returned;
flow.early = early?.responses;
document.body.prepend(flow);
