/**
 * Types and pure functions shared by the service, the client and the widget. No I/O.
 * @module
 */
export * from './plain-date.ts';
export * from './zones.ts';
export type * from './records.ts';
export * from './params.ts';
export type * from './merchant-records.ts';
export type * from './calendar-records.ts';
export type * from './resource-records.ts';
export type * from './schedule.ts';
export type * from './merchant-params.ts';
export type * from './message-templates.ts';
export * from './status.ts';
export * from './errors.ts';
export * from './settings.ts';
