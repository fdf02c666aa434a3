/**
 * "Calendar link for Anna" on the Resources screen: makes a feed of the bookings one resource is
 * assigned to (a guide's own calendar, to subscribe to on their phone), shown once to copy.
 * The links are listed and stopped with the shop's others, under Shop › Calendar feeds.
 * @module
 */
import { useSignal } from '@preact/signals';
import type { ResourceRecord } from '../../client/index.ts';
import { client, problemOf } from '../api.ts';
import { CopyButton, type Say } from '../components/bits.tsx';

/** The button, and the link once made. */
export function ResourceFeed(props: { resource: ResourceRecord; say: Say }) {
  const url = useSignal<string | null>(null);
  const make = async () => {
    props.say(null);
    try {
      url.value = (await client.calendarFeeds.create({ scope: 'resource', resource_id: props.resource.id })).url;
      props.say(`Calendar link for ${props.resource.name} made: copy it now, it is shown only once.`);
    } catch (failure) {
      props.say(problemOf(failure, {}, 'Calendar link not made').message, true);
    }
  };
  if (url.value)
    return (
      <span class="feed-link">
        <input readOnly aria-label={`${props.resource.name}'s calendar link`} value={url.value} />
        <CopyButton text={url.value} label="Copy link" />
      </span>
    );
  return (
    <button type="button" onClick={() => void make()}>
      Calendar link for {props.resource.name}
    </button>
  );
}
