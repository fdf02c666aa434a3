// Builds the theme app extension as `shopify app deploy` takes it: dist/shopify/extension/, a
// copy of src/shopify/extension/ with the widget's built files (dist/booking-widget*.js) in its
// assets/, beside the block script that loads them. Run by `npm run build` after the widget's
// builds; generated, never committed.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minify } from 'vite';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const source = join(ROOT, 'src/shopify/extension');
// Tests build into folders of their own: BOOKING_WIDGET_DIST (the widget's build) and BOOKING_EXTENSION_OUT.
const dist = process.env.BOOKING_WIDGET_DIST || join(ROOT, 'dist');
const out = process.env.BOOKING_EXTENSION_OUT || join(ROOT, 'dist/shopify/extension');
// Exactly the files of this build (the app build's manifest names them; dist/ may hold older ones).
const manifestFile = join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile) || !existsSync(join(dist, 'booking-widget.js')))
  throw new Error('The widget is not built: run npm run build.');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const widgetFiles = ['booking-widget.js', ...new Set(Object.values(manifest).map((chunk) => chunk.file))];

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
cpSync(source, out, { recursive: true });
for (const file of widgetFiles) cpSync(join(dist, file), join(out, 'assets', file));
const block = join(out, 'assets/booking-widget-block.js');
if (!existsSync(block)) throw new Error('the block script is missing from the extension');
// The schema's `javascript` file is the one theme check measures (raw bytes, 10,000 B at most):
// shipped minified, the source keeps its comments (about 9 KB raw, 3 KB minified).
const minified = await minify('booking-widget-block.js', readFileSync(block, 'utf8'), { compress: true, mangle: true });
if (minified.errors.length > 0)
  throw new Error(`the block script does not minify: ${minified.errors.map((e) => e.message).join('; ')}`);
writeFileSync(block, minified.code);
console.log(`Shopify extension: ${out} (${widgetFiles.length} widget files in assets/)`);
