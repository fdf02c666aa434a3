/**
 * The manage page: Preact components rendered to HTML on the service (preact-render-to-string),
 * with no script at all: the booking, and its cancellation as two plain forms (a button that
 * asks, then one that POSTs), so it works in any mail client's browser and under a CSP of
 * `default-src 'none'`. Its one style is allowed by hash, like the admin's link pages. Preact
 * escapes every value from a customer or merchant; Arabic is laid out right to left.
 * @module
 */
import { createHash } from 'node:crypto';
import { type ComponentChildren, Fragment } from 'preact';
import { renderToString } from 'preact-render-to-string';
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

/** The document around a page's section. */
function Layout(props: { language: ManageLanguage; title: string; children: ComponentChildren }) {
  return (
    <html lang={props.language} dir={props.language === 'ar' ? 'rtl' : 'ltr'}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <meta name="referrer" content="same-origin" />
        <title>{props.title}</title>
        {/* Raw, so its text is byte for byte the text the CSP's hash was taken of. */}
        <style dangerouslySetInnerHTML={{ __html: STYLE }} />
      </head>
      <body>
        <main>
          <section>{props.children}</section>
        </main>
      </body>
    </html>
  );
}

function page(language: ManageLanguage, title: string, body: ComponentChildren): string {
  return `<!doctype html>\n${renderToString(
    <Layout language={language} title={title}>
      {body}
    </Layout>,
  )}`;
}

/** The page of a link that opens nothing: not ours (or altered) or expired. */
export function linkProblemPage(problem: 'invalid' | 'expired', language: ManageLanguage): string {
  const words = MANAGE_LOCALES[language];
  const title = problem === 'expired' ? words.expiredTitle : words.invalidTitle;
  return page(
    language,
    title,
    <>
      <h1>{title}</h1>
      <p>{problem === 'expired' ? words.expired : words.invalid}</p>
    </>,
  );
}

/** The booking: number, what, when (in the shop's zone), where, status. */
function Details(props: { booking: ManagedBooking; language: ManageLanguage }) {
  const { booking, language } = props;
  const words = MANAGE_LOCALES[language];
  const places = [...new Set(booking.items.map((item) => item.location).filter((l): l is string => Boolean(l)))];
  const rows: Array<[string, string[]]> = [
    [words.booking, [`#${booking.id}`]],
    [words.what, booking.items.map((item) => `${item.quantity} × ${item.product} – ${item.variant}`)],
    [words.when, [describePeriod(booking.startsAt, booking.finishesAt, booking.shop.tz, language)]],
    ...(places.length > 0 ? [[words.where, places] as [string, string[]]] : []),
    [words.status, [words.statuses[booking.status]]],
  ];
  return (
    <dl>
      {rows.map(([label, lines]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>
            {lines.map((line, i) => (
              <Fragment key={i}>
                {i > 0 && <br />}
                {line}
              </Fragment>
            ))}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** What the customer may do now: cancel, confirm the cancellation, or why they cannot. */
function Action(props: { booking: ManagedBooking; language: ManageLanguage; path: string; view: ManageView }) {
  const { booking, language, path, view } = props;
  const words = MANAGE_LOCALES[language];
  const { shop } = booking;
  const contact = shop.email ? fill(words.contactAt, { email: shop.email }) : '';
  if (view === 'cancelled')
    return (
      <p class="notice" role="status">
        {words.cancelled}
      </p>
    );
  if (booking.status === 'cancelled') return null;
  if (booking.cancellable && view === 'confirm')
    return (
      <>
        <p>
          <strong>{words.confirmQuestion}</strong>
        </p>
        <form method="post" action={`${path}/cancel`}>
          <button type="submit" class="danger">
            {words.confirm}
          </button>
        </form>
        <a class="button" href={path}>
          {words.keep}
        </a>
      </>
    );
  if (booking.cancellable)
    return (
      <form method="get" action={`${path}/cancel`}>
        <button type="submit">{words.cancel}</button>
      </form>
    );
  if (booking.cancellableUntil === null) return <p>{fill(words.notOnline, { shop: shop.name, contact })}</p>;
  const until = new Intl.DateTimeFormat(language, { timeZone: shop.tz, dateStyle: 'full', timeStyle: 'short' }).format(
    new Date(booking.cancellableUntil),
  );
  return <p>{fill(words.tooLate, { until, shop: shop.name, contact })}</p>;
}

/** The booking's page in `view`; `path` is the link's own path (`/manage/<token>`). */
export function bookingPage(booking: ManagedBooking, language: ManageLanguage, path: string, view: ManageView): string {
  const words = MANAGE_LOCALES[language];
  const title = fill(words.title, { shop: booking.shop.name });
  const zone = fill(words.zoneNote, {
    shop: booking.shop.name,
    zone: describeZone(booking.shop.tz, language, booking.startsAt),
  });
  return page(
    language,
    title,
    <>
      <h1>{title}</h1>
      <Details booking={booking} language={language} />
      <p>{zone}</p>
      <Action booking={booking} language={language} path={path} view={view} />
    </>,
  );
}
