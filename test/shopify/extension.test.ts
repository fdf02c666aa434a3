/**
 * Issue 17: the theme app extension as `npm run build` leaves it in dist/shopify/extension is
 * what Shopify's tools accept (theme check with the configuration `shopify app build` uses:
 * `theme-check:theme-app-extension`), its block schema uses only documented keys and setting
 * types, and its Liquid, rendered by a real Liquid engine, never puts a secret token in a page.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { check } from '@shopify/theme-check-node';
import { Liquid, type TagToken, type TopLevelToken } from 'liquidjs';
import { build } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// Built here into folders of its own, as `npm run build` builds it (dist/ is left alone).
const WORK = mkdtempSync(join(tmpdir(), 'shopify-extension-'));
const BUILT = join(WORK, 'extension');
const BLOCK = readFileSync(join(ROOT, 'src/shopify/extension/blocks/booking-widget.liquid'), 'utf8');
const SCHEMA = JSON.parse(/\{%\s*schema\s*%\}([\s\S]*?)\{%\s*endschema\s*%\}/.exec(BLOCK)![1]!);

beforeAll(async () => {
  const widget = join(WORK, 'widget');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production'; // Vitest's 'test' would build Preact's development runtime
  try {
    for (const mode of ['production', 'entry'])
      await build({
        configFile: join(ROOT, 'vite.config.ts'),
        root: ROOT,
        mode,
        logLevel: 'silent',
        build: { outDir: widget, emptyOutDir: false },
      });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const built = spawnSync(process.execPath, [join(ROOT, 'src/shopify/build-extension.mjs')], {
    encoding: 'utf8',
    env: { ...process.env, BOOKING_WIDGET_DIST: widget, BOOKING_EXTENSION_OUT: BUILT },
  });
  expect(built.status, built.stderr).toBe(0);
}, 180_000);

describe('the built theme app extension', () => {
  it('carries the widget’s built files beside the block script in assets/', () => {
    const assets = readdirSync(join(BUILT, 'assets'));
    expect(assets).toContain('booking-widget.js');
    expect(assets).toContain('booking-widget-block.js');
    expect(assets.filter((f) => /^booking-widget-app-[\w-]+\.js$/.test(f))).toHaveLength(1);
  });

  // shopify.dev, theme app extensions, "File and content size limits": the app block
  // JavaScript limit (AssetSizeAppBlockJavaScript) is 10 KB *compressed* per file; theme check
  // below measures the schema's file raw. Every file here may be served, so every one is held to it.
  it('keeps every JavaScript file in assets/ at most 10,000 B gzipped, the documented per-file limit', () => {
    const assets = join(BUILT, 'assets');
    const sizes = Object.fromEntries(
      readdirSync(assets)
        .filter((f) => f.endsWith('.js'))
        .map((f) => [f, gzipSync(readFileSync(join(assets, f)), { level: 9 }).byteLength]),
    );
    expect(Object.keys(sizes)).toEqual(expect.arrayContaining(['booking-widget-block.js', 'booking-widget.js']));
    expect(Object.entries(sizes).filter(([, n]) => n > 10_000)).toEqual([]);
    console.log(
      `extension assets (gzip): ${Object.entries(sizes)
        .map(([f, n]) => `${f} ${n}`)
        .join(', ')}`,
    );
  });

  it('passes Shopify’s theme check with the theme-app-extension configuration: 0 offenses', {
    timeout: 60_000,
  }, async () => {
    const config = join(tmpdir(), `theme-check-app-${process.pid}.yml`);
    writeFileSync(config, 'extends: theme-check:theme-app-extension\n');
    const offenses = await check(BUILT, config);
    expect(offenses.map((o) => `${o.check} ${o.uri.split('/').slice(-2).join('/')}: ${o.message}`)).toEqual([]);
  });
});

// https://shopify.dev/docs/apps/build/online-store/theme-app-extensions/configuration#schema (app block schema attributes)
const BLOCK_KEYS = [
  'name',
  'target',
  'javascript',
  'stylesheet',
  'class',
  'tag',
  'settings',
  'available_if',
  'enabled_on',
  'disabled_on',
  'default',
];
// https://shopify.dev/docs/storefronts/themes/architecture/settings/input-settings and sidebar-settings
const SETTING_TYPES = [
  'checkbox',
  'number',
  'radio',
  'range',
  'select',
  'text',
  'textarea',
  'article',
  'blog',
  'collection',
  'collection_list',
  'color',
  'color_background',
  'color_scheme',
  'color_scheme_group',
  'font_picker',
  'html',
  'image_picker',
  'inline_richtext',
  'link_list',
  'liquid',
  'metaobject',
  'metaobject_list',
  'page',
  'product',
  'product_list',
  'richtext',
  'text_alignment',
  'url',
  'video',
  'video_url',
  'header',
  'paragraph',
];
const SETTING_KEYS = [
  'type',
  'id',
  'label',
  'default',
  'info',
  'placeholder',
  'autofill',
  'options',
  'min',
  'max',
  'step',
  'unit',
  'content',
];

describe('the block schema', () => {
  it('uses only documented app-block keys, targets a section, and loads its script through `javascript`', () => {
    expect(Object.keys(SCHEMA).filter((k) => !BLOCK_KEYS.includes(k))).toEqual([]);
    expect(SCHEMA.target).toBe('section');
    expect(SCHEMA.javascript).toBe('booking-widget-block.js');
    expect(BLOCK).not.toMatch(/<script/);
  });

  it('uses only documented setting types and keys, with unique ids and translated labels', () => {
    const settings = SCHEMA.settings as Record<string, unknown>[];
    for (const s of settings) {
      expect(SETTING_TYPES, String(s.id)).toContain(s.type);
      expect(
        Object.keys(s).filter((k) => !SETTING_KEYS.includes(k)),
        String(s.id),
      ).toEqual([]);
      expect(String(s.label)).toMatch(/^t:blocks\.booking_widget\.settings\./);
    }
    expect(new Set(settings.map((s) => s.id)).size).toBe(settings.length);
    const locales = JSON.parse(
      readFileSync(join(ROOT, 'src/shopify/extension/locales/en.default.schema.json'), 'utf8'),
    );
    for (const s of settings)
      expect(locales.blocks.booking_widget.settings[String(s.id)]?.label, String(s.id)).toBeTruthy();
  });
});

/** The block rendered by liquidjs with Shopify-like objects and the filters the block uses. */
async function render(settings: Record<string, string>, designMode: boolean): Promise<string> {
  const engine = new Liquid();
  engine.registerTag('schema', {
    parse(token: TagToken, remain: TopLevelToken[]) {
      // Swallow everything to {% endschema %}: Shopify reads it, the page never shows it.
      for (let t = remain.shift(); t && !(t.kind === 4 && (t as TagToken).name === 'endschema'); t = remain.shift());
      void token;
    },
    render() {
      return '';
    },
  });
  const strings = JSON.parse(readFileSync(join(ROOT, 'src/shopify/extension/locales/en.default.json'), 'utf8'));
  engine.registerFilter('t', (key: string) => key.split('.').reduce((o: any, k) => o?.[k], strings) ?? key);
  engine.registerFilter('asset_url', (file: string) => `//cdn.shopify.com/extensions/x/assets/${file}`);
  const variant = { id: 43412345678901, price: 6500 };
  return engine.parseAndRender(BLOCK, {
    block: {
      settings: { product: null, heading: 'Choose your dates', locale: '', ...settings },
      shopify_attributes: 'data-shopify-editor-block="1"',
    },
    product: {
      id: 7712345678901,
      selected_or_first_available_variant: variant,
      variants: [variant, { id: 43412345678902, price: 4950 }],
    },
    request: { design_mode: designMode, locale: { iso_code: 'en' } },
    cart: { currency: { iso_code: 'AUD' } },
  });
}

describe('the block’s Liquid, rendered', () => {
  it('renders no widget and no secret for an sk_ token, and warns the merchant only in the theme editor', async () => {
    const secret = 'sk_live_do_not_leak';
    const editor = await render({ api_url: 'https://bookings.example', token: secret }, true);
    expect(editor).not.toContain(secret);
    expect(editor).not.toContain('<booking-widget');
    expect(editor).toContain('secret token (sk_)');
    const shop = await render({ api_url: 'https://bookings.example', token: secret }, false);
    expect(shop.trim()).toBe('');
  });

  it('uses the app proxy with no token when no service URL is set', async () => {
    const html = await render({ api_url: '', token: '' }, false);
    expect(html).toContain('api="/apps/bookings"');
    expect(html).not.toMatch(/\btoken=/);
    expect(html).toContain('variant="43412345678901"');
    expect(html).toMatch(/price="65(\.0)?"/);
  });

  it('renders every variant’s price in the currency’s main unit, so each ticket type shows its own', async () => {
    const html = await render({ api_url: '', token: '' }, false);
    // Liquid's variant.price is in the subunit (cents): 6500 is 65, 4950 is 49.5.
    expect(html).toMatch(/\sprices="43412345678901:65(\.0)?,43412345678902:49\.5"/);
  });

  it('renders the service URL and the publishable token when set', async () => {
    const html = await render({ api_url: 'https://bookings.example/', token: 'pk_live_abc' }, false);
    expect(html).toContain('api="https://bookings.example"');
    expect(html).toContain('token="pk_live_abc"');
  });
});
