// The service serves the widget's built files itself (http/widget-files.ts), so the script tag
// the admin's Install screen hands out works against `npm run service` as against `npm start`.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCheckedApp as createApp } from '../../helpers/openapi-conformance.ts';
import { createTestService, type TestService } from '../../helpers/service.ts';

let service: TestService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

function builtWidget(): string {
  const dir = mkdtempSync(join(tmpdir(), 'widget-files-'));
  writeFileSync(join(dir, 'booking-widget.js'), 'customElements.get("booking-widget");\n');
  writeFileSync(join(dir, 'booking-widget-app-Ab12Cd34.js'), 'export const mount = () => {};\n');
  return dir;
}

describe('the widget files of the service', () => {
  it('serves the entry and its hashed files to pages of any origin, at the top and under /widget/', async () => {
    service = await createTestService();
    const app = createApp({ db: service.db, rateLimit: false, widgetDir: builtWidget() });
    const get = (path: string) =>
      app.fetch(new Request(`http://booking.test${path}`, { headers: { origin: 'https://shop.example' } }));
    const entry = await get('/booking-widget.js');
    expect(entry.status).toBe(200);
    expect(await entry.text()).toContain('booking-widget');
    expect(entry.headers.get('access-control-allow-origin')).toBe('*');
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    const chunk = await get('/widget/booking-widget-app-Ab12Cd34.js');
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/widget/booking-widget.js')).status).toBe(200);
  });

  it('says how to build them when they are not built, and serves nothing else from the folder', async () => {
    service = await createTestService();
    const empty = createApp({
      db: service.db,
      rateLimit: false,
      widgetDir: mkdtempSync(join(tmpdir(), 'widget-none-')),
    });
    const missing = await empty.fetch(new Request('http://booking.test/booking-widget.js'));
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('npm run build');
    const dir = builtWidget();
    writeFileSync(join(dir, 'secret.txt'), 'not for the web');
    const app = createApp({ db: service.db, rateLimit: false, widgetDir: dir });
    expect((await app.fetch(new Request('http://booking.test/widget/secret.txt'))).status).toBe(404);
    expect((await app.fetch(new Request('http://booking.test/secret.txt'))).status).toBe(404);
  });
});
