/**
 * Entry of index.html. The login link's token leaves the address bar before anything else of this code runs
 * (bootstrap.ts has no imports, so it is evaluated first), then the root element gets it as a property, never as an
 * attribute, with the session requests the page sent while this code loaded (its early requests, when they carry
 * that token).
 */
import { captureLaunch, sessionStore, takeEarlyRequests } from './flow/bootstrap.js';
import './flow/flow.js';

const launch = captureLaunch(window.location, window.history, sessionStore());

const flow = document.createElement('sf-flow');
flow.locale = launch.locale;
flow.token = launch.token;
flow.returned = launch.returned;
flow.early = takeEarlyRequests(window, launch.token);
document.body.prepend(flow);
