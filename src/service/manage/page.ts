/**
 * The manage page's HTML, rendered on the service with no script at all: the booking, and its
 * cancellation as two plain forms (a button that asks, then one that POSTs). Its one style is
 * allowed by hash, like the admin's link pages. Every value from a customer or merchant is
 * escaped; Arabic is laid out right to left.
 * @module
 */
import { createHash } from 'node:crypto';
import { escapeHtml as e } from '../messages/render.ts';
import { fill } from '../messages/strings.ts';
import { describePeriod, describeZone } from '../messages/when.ts';
import type { ManagedBooking } from './queries.ts';
import { MANAGE_LOCALES } from './strings.ts';

const STYLE = `:root{color-scheme:light;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827}
body{margin:0;background:#f6f7f9}main{max-width:36em;margin:2em auto;padding:0 1em}
section{background:#fff;border:1px solid #d1d5db;border-radius:.4em;padding:1em}h1{font-size:1.4em;margin:0 0 .5em}
dt{font-weight:600}dd{margin:0 0 .6em}form{display:inline-block;margin:.3em .5em .3em 0}
button,a.button{font:inherit;display:inline-flex;align-items:center;min-height:44px;padding:.3em 1em;border-radius:.4em;
border:1px solid #1f2937;background:#fff;color:#111827;text-decoration:none;cursor:pointer}
button.danger{background:#b91c1c;border-color:#b91c1c;color:#fff}
button:focus-visible,a.button:focus-visible{outline:3px solid #111827;outline-offset:2px}
p.notice{border-inline-start:4px solid #047857;padding-inline-start:.6em}`;

/** The page's Content-Security-Policy: its own style, and forms that post only to itself. */
export const MANAGE_PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;

/** A language of the page. */
export type ManageLanguage = keyof typeof MANAGE_LOCALES;

/** Which view of the booking. */
export type ManageView = 'booking' | 'confirm' | 'cancelled';

function layout(language: ManageLanguage, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<meta name="referrer" content="same-origin"><title>${e(title)}</title><style>${STYLE}</style></head>
<body><main><section>${body}</section></main></body></html>`;
}

/** The page of a link that opens nothing: not ours (or altered) or expired. */
export function linkProblemPage(problem: 'invalid' | 'expired', language: ManageLanguage): string {
  const words = MANAGE_LOCALES[language];
  const title = problem === 'expired' ? words.expiredTitle : words.invalidTitle;
  return layout(
    language,
    title,
    `<h1>${e(title)}</h1><p>${e(problem === 'expired' ? words.expired : words.invalid)}</p>`,
  );
}

/** The booking's page in `view`; `path` is the link's own path (`/manage/<token>`). */
export function bookingPage(booking: ManagedBooking, language: ManageLanguage, path: string, view: ManageView): string {
  const words = MANAGE_LOCALES[language];
  const { shop } = booking;
  const title = fill(words.title, { shop: shop.name });
  const places = [...new Set(booking.items.map((item) => item.location).filter((l): l is string => Boolean(l)))];
  const rows: Array<[string, string[]]> = [
    [words.booking, [`#${booking.id}`]],
    [words.what, booking.items.map((item) => `${item.quantity} × ${item.product} – ${item.variant}`)],
    [words.when, [describePeriod(booking.startsAt, booking.finishesAt, shop.tz, language)]],
    ...(places.length > 0 ? [[words.where, places] as [string, string[]]] : []),
    [words.status, [words.statuses[booking.status]]],
  ];
  const details = `<dl>${rows.map(([label, lines]) => `<dt>${e(label)}</dt><dd>${lines.map(e).join('<br>')}</dd>`).join('')}</dl>`;
  const zone = fill(words.zoneNote, { shop: shop.name, zone: describeZone(shop.tz, language, booking.startsAt) });
  const contact = shop.email ? fill(words.contactAt, { email: shop.email }) : '';
  let action = '';
  if (view === 'cancelled') action = `<p class="notice" role="status">${e(words.cancelled)}</p>`;
  else if (booking.status === 'cancelled') action = '';
  else if (booking.cancellable && view === 'confirm')
    action = `<p><strong>${e(words.confirmQuestion)}</strong></p>
<form method="post" action="${e(path)}/cancel"><button type="submit" class="danger">${e(words.confirm)}</button></form>
<a class="button" href="${e(path)}">${e(words.keep)}</a>`;
  else if (booking.cancellable)
    action = `<form method="get" action="${e(path)}/cancel"><button type="submit">${e(words.cancel)}</button></form>`;
  else if (booking.cancellableUntil === null)
    action = `<p>${e(fill(words.notOnline, { shop: shop.name, contact }))}</p>`;
  else {
    const until = new Intl.DateTimeFormat(language, {
      timeZone: shop.tz,
      dateStyle: 'full',
      timeStyle: 'short',
    }).format(new Date(booking.cancellableUntil));
    action = `<p>${e(fill(words.tooLate, { until, shop: shop.name, contact }))}</p>`;
  }
  return layout(language, title, `<h1>${e(title)}</h1>${details}<p>${e(zone)}</p>${action}`);
}
