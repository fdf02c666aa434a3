/**
 * Loads the app (Preact, @preact/signals, the calendar). From source (tests, Vite's dev
 * server) a plain dynamic import; the entry file's build replaces this module with one that
 * imports the built app file from the entry script's own URL (see vite.config.ts).
 * @module
 */
import type { AppModule } from './host.ts';

/** The app module; `locale`, when known, starts its strings loading too. */
export const loadApp = (_locale: string | null): Promise<AppModule> => import('../app/mount.tsx');
