/// <reference types="vitest/config" />
import { defineConfig } from 'vite';

/**
 * The zones every zone-sensitive suite runs under: the process's zone must never leak into
 * results. Kiritimati is UTC+14, Pago Pago UTC-11, Santiago has DST changes at midnight.
 */
const NODE_ZONES = ['UTC', 'Pacific/Kiritimati', 'America/Santiago'];
const WIDGET_ZONES = ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Santiago'];

export default defineConfig({
  // public/ is the demo storefront, served by `npm start`; it must not be copied into dist/,
  // which is what the npm package ships.
  publicDir: false,
  // The widget: one self-contained IIFE file, dist/booking-widget.js.
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2022',
    lib: {
      entry: 'src/widget/main.tsx',
      formats: ['iife'],
      name: 'BookingWidget',
      fileName: () => 'booking-widget.js',
    },
  },
  test: {
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    setupFiles: ['test/helpers/zone-setup.ts'],
    projects: [
      ...NODE_ZONES.map((tz) => ({
        extends: true as const,
        test: {
          name: `node ${tz}`,
          environment: 'node',
          include: ['test/shared/**/*.test.ts', 'test/service/**/*.test.ts', 'test/client/**/*.test.ts'],
          env: { TZ: tz },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
      ...WIDGET_ZONES.map((tz) => ({
        extends: true as const,
        test: {
          name: `widget ${tz}`,
          environment: 'happy-dom',
          include: ['test/widget/**/*.test.{ts,tsx}'],
          env: { TZ: tz },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
      {
        extends: true as const,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
