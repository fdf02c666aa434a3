/**
 * (being written)
 * @module
 */
import type { App } from '../app.ts';

/** Registers the routes of this module. */
export function blackoutRoutes(app: App): void {
  void app;
}
