/**
 * Who is signed in, and the screen shown: signals every component reads. The secret token
 * typed at sign-in goes straight into one request and is never kept (not in a signal, not in
 * storage): the session cookie, HttpOnly, stands for it afterwards.
 * @module
 */
import { signal } from '@preact/signals';
import { fetchSession, postSignIn, postSignOut, type SessionInfo } from '../api.ts';
import type { PlainDate } from '../../shared/plain-date.ts';
import { catalog } from './catalog.ts';

/** undefined while asking, null when signed out. */
export const session = signal<SessionInfo | null | undefined>(undefined);

/** The screens, in the navigation's order. */
export const SCREENS = [
  ['occupancy', 'Occupancy'],
  ['bookings', 'Bookings and holds'],
  ['blackouts', 'Blackouts'],
  ['products', 'Products'],
  ['widgets', 'Widgets'],
  ['tokens', 'Tokens'],
  ['install', 'Install'],
  ['shop', 'Shop'],
] as const;

/** A screen's name. */
export type Screen = (typeof SCREENS)[number][0];

function screenOf(hash: string): Screen {
  const name = hash.replace(/^#\/?/, '');
  return (SCREENS.find(([id]) => id === name)?.[0] ?? 'occupancy') as Screen;
}

/** The screen the address names (`#/bookings`); the back button works. */
export const screen = signal<Screen>(screenOf(location.hash));
addEventListener('hashchange', () => (screen.value = screenOf(location.hash)));

/** Asks the service who is signed in. */
export async function loadSession(): Promise<void> {
  session.value = await fetchSession();
}

/** Signs in with `token`; resolves to an error message, or null once signed in. */
export async function signIn(token: string): Promise<string | null> {
  const problem = await postSignIn(token);
  if (problem === null) await loadSession();
  return problem;
}

/** Signs out and shows the sign-in form; the shop's catalogue is forgotten, as the next sign-in may be another shop's. */
export async function signOut(): Promise<void> {
  await postSignOut();
  catalog.reset();
  session.value = null;
}

/** Today in the shop's zone, `YYYY-MM-DD`. */
export function shopToday(): PlainDate {
  const tz = session.value?.shop.tz ?? 'UTC';
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  ) as PlainDate;
}
