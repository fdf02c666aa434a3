/**
 * Vitest global setup of the browser projects: builds the widget and the admin (when older
 * than their sources) once, before any browser file starts, so files running side by side
 * never build `dist/` at the same time.
 * @module
 */
import { ensureWidgetBuilt } from './server.ts';

export default function setup(): void {
  ensureWidgetBuilt();
}
