/**
 * The service's clock at its public path (`createApp({ clock })`, tests, e2e): the code lives in
 * `shared/clock.ts`, below every feature, so routes and domain rules may both use it.
 * @module
 */
export { type Clock, type ManualClock, manualClock, sqlNowOf, systemClock } from './shared/clock.ts';
