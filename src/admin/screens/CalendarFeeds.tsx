/**
 * "Calendar feeds" on the Shop screen: links to the shop's bookings as a calendar the staff
 * subscribe to in Google Calendar, Apple Calendar or Outlook (API.md §4.19). A link is made for
 * the whole shop, one location, one variant or one resource (a guide's own calendar), shown once to copy, listed by what it shows, and
 * stopped in two steps (its address stops working at once).
 * @module
 */
import { signal, useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { CalendarFeed, CalendarFeedCreateParams } from '../../client/index.ts';
import { client, problemOf } from '../api.ts';
import { ConfirmButton, type Say } from '../components/bits.tsx';
import { Details } from '../components/Details.tsx';
import { locations, products } from '../models/catalog.ts';
import { when } from '../models/dates.ts';

/** The shop's resources by name, for feeds of one (a guide's own calendar). */
const resourceNames = signal<{ id: number; name: string }[]>([]);

/** Loads the resources' names; none when they cannot be read (the feeds still work). */
async function loadResourceNames(): Promise<void> {
  const list: { id: number; name: string }[] = [];
  try {
    for await (const r of client.resources.iterate()) list.push({ id: r.id, name: r.name });
  } catch {
    return;
  }
  resourceNames.value = list;
}

/** What a feed shows, in the merchant's words. */
function feedSubject(feed: CalendarFeed): string {
  if (feed.scope === 'location')
    return `Bookings at ${locations.value?.find((l) => l.id === feed.location_id)?.name ?? 'a location'}`;
  if (feed.scope === 'variant') {
    for (const p of products.value ?? []) {
      const v = p.variants.find((variant) => variant.id === feed.variant_id);
      if (v) return `Bookings of ${p.title} – ${v.title}`;
    }
    return 'Bookings of one option';
  }
  if (feed.scope === 'resource')
    return `${resourceNames.value.find((r) => r.id === feed.resource_id)?.name ?? 'A resource'}'s bookings`;
  return 'All bookings of the shop';
}

/** The choice "shop", "location:3" or "variant:7" as the API's body. */
function bodyOf(choice: string): CalendarFeedCreateParams {
  const [scope, id] = choice.split(':');
  if (scope === 'location') return { scope: 'location', location_id: Number(id) };
  if (scope === 'variant') return { scope: 'variant', variant_id: Number(id) };
  if (scope === 'resource') return { scope: 'resource', resource_id: Number(id) };
  return { scope: 'shop' };
}

/** The feeds' list, the form that makes one, and the link just made; `say` is the Shop screen's status. */
export function CalendarFeeds(props: { say: Say }) {
  const feeds = useSignal<CalendarFeed[] | null>(null);
  const choice = useSignal('shop');
  const made = useSignal<string | null>(null);
  const load = async () => {
    try {
      feeds.value = await client.calendarFeeds.list();
    } catch (failure) {
      props.say(problemOf(failure, {}, 'Calendar links not loaded').message, true);
    }
  };
  useEffect(() => {
    void load();
    void loadResourceNames();
  }, []);
  const make = async (event: Event) => {
    event.preventDefault();
    props.say(null);
    try {
      const feed = await client.calendarFeeds.create(bodyOf(choice.value));
      made.value = feed.url;
      props.say('Calendar link made: copy it now, it is shown only once.');
      await load();
    } catch (failure) {
      props.say(problemOf(failure, {}, 'Calendar link not made').message, true);
    }
  };
  const stop = async (feed: CalendarFeed) => {
    props.say(null);
    try {
      await client.calendarFeeds.revoke(feed.id);
      props.say(`${feedSubject(feed)}: that calendar link no longer works.`);
      await load();
    } catch (failure) {
      props.say(problemOf(failure, {}, 'Calendar link not stopped').message, true);
    }
  };
  const copy = async () => {
    if (made.value) await navigator.clipboard?.writeText(made.value).catch(() => {});
    props.say('Link copied.');
  };
  return (
    <>
      <h3>Calendar feeds</h3>
      <p>
        Subscribe in Google Calendar, Apple Calendar or Outlook to see the bookings on your phone. Anyone with the link
        sees the bookings and customers' names: share it only with your team.
      </p>
      <form onSubmit={make} aria-label="Make a calendar link">
        <p class="row">
          <label for="calendar-feed-choice">Show</label>
          <select
            id="calendar-feed-choice"
            value={choice.value}
            onChange={(e) => (choice.value = e.currentTarget.value)}
          >
            <option value="shop">All bookings of the shop</option>
            {locations.value?.map((l) => (
              <option key={`l${l.id}`} value={`location:${l.id}`}>
                Bookings at {l.name}
              </option>
            ))}
            {resourceNames.value.map((r) => (
              <option key={`r${r.id}`} value={`resource:${r.id}`}>
                {r.name}'s bookings
              </option>
            ))}
            {products.value?.flatMap((p) =>
              p.variants.map((v) => (
                <option key={`v${v.id}`} value={`variant:${v.id}`}>
                  Bookings of {p.title} – {v.title}
                </option>
              )),
            )}
          </select>
          <button type="submit">Make a calendar link</button>
        </p>
      </form>
      {made.value && (
        <p class="row">
          <label for="calendar-feed-link">New calendar link (shown only once)</label>
          <input id="calendar-feed-link" class="grow" readOnly value={made.value} />
          <button type="button" onClick={copy}>
            Copy link
          </button>
        </p>
      )}
      {feeds.value?.length === 0 && <p>No calendar links yet.</p>}
      <ul class="list">
        {feeds.value?.map((feed) => (
          <li class="entry" key={feed.id}>
            <span class="what">
              {feedSubject(feed)}, made {when(feed.created_at)}
              <Details about={`calendar link ${feed.id}`}>Link starting {feed.hint}…</Details>
            </span>
            <span class="actions">
              <ConfirmButton
                label={`Stop the link: ${feedSubject(feed)}`}
                question="Stop this calendar link? Calendars subscribed to it stop showing the bookings."
                confirmLabel="Yes, stop the link"
                onConfirm={() => stop(feed)}
              />
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
