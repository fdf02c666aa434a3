// @vitest-environment happy-dom
// The block script as `npm run build` ships it in the extension: minified the same way
// (src/shopify/build-extension.mjs), so minification cannot change what it does.
import { minify } from 'vite';
import { BLOCK_SCRIPT_SOURCE, describeBlockScript } from './block-script-cases.ts';

const built = await minify('booking-widget-block.js', BLOCK_SCRIPT_SOURCE, { compress: true, mangle: true });

describeBlockScript('built, minified', built.code);
