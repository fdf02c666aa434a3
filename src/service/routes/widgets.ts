/**
 * (being written)
 * @module
 */
import type { App } from '../app.ts';

/** Registers the routes of this module. */
export function widgetRoutes(app: App): void {
  void app;
}
