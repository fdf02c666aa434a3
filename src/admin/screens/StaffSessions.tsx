/**
 * "Signed in" on the Staff screen: the devices signed in (one's own; the owner's list has
 * everyone's), each with when it signed in and was last used, and "Sign out" for each. Signing
 * this very device out shows the sign-in form.
 * @module
 */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { ConfirmButton, type Say } from '../components/bits.tsx';
import { session } from '../models/session.ts';
import { type SessionRecord, staffApi } from '../models/staff.ts';

/** A browser's name from its user agent, in a few words. */
export function deviceOf(userAgent: string): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Chrome\//.test(userAgent)
      ? 'Chrome'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : userAgent.slice(0, 40);
  const system = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return system ? `${browser} on ${system}` : browser;
}

/** An instant in the shop's zone, in words. */
function when(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: session.value?.shop.tz ?? 'UTC',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** The sessions' part of the Staff screen. */
export function StaffSessions(props: { say: Say }) {
  const list = useSignal<SessionRecord[]>([]);
  const load = async () => {
    list.value = await staffApi.sessions();
  };
  useEffect(() => {
    load().catch((error: unknown) => props.say((error as Error).message, true));
  }, []);
  const end = async (s: SessionRecord) => {
    props.say(null);
    try {
      await staffApi.endSession(s.id);
      if (s.current) {
        session.value = null;
        return;
      }
      props.say(`Signed out ${deviceOf(s.user_agent)}${s.staff_name ? ` (${s.staff_name})` : ''}.`);
      await load();
    } catch (error) {
      props.say((error as Error).message, true);
    }
  };
  const showNames = list.value.some((s) => s.staff_id !== session.value?.staff.id);
  return (
    <>
      <h3>Signed in</h3>
      <ul class="plain">
        {list.value.map((s) => (
          <li key={s.id} class="row">
            <span>
              <strong>{deviceOf(s.user_agent)}</strong>
              {showNames ? ` · ${s.staff_name}` : ''}
              {s.current ? ' · this device' : ''} · signed in {when(s.created_at)} · last used {when(s.last_seen_at)}
            </span>
            <ConfirmButton
              label={`Sign out ${deviceOf(s.user_agent)}${showNames ? ` (${s.staff_name})` : ''}`}
              confirmLabel="Yes, sign out"
              question={s.current ? 'This is the device you are using.' : undefined}
              onConfirm={() => end(s)}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
