/**
 * (being written)
 * @module
 */
import type { App } from '../app.ts';

/** Registers the routes of this module. */
export function blackoutWriteRoutes(app: App): void {
  void app;
}
