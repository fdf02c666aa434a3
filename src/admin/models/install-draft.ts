/**
 * What the merchant typed on the Install screen, kept while the page is open so that leaving
 * the screen and coming back finds the same snippet (issue 30: it used to forget the token,
 * price and currency). Kept in memory only, never in storage: the token is a publishable one
 * (it is in every storefront page that uses it), and a reload or signing out forgets it all,
 * as the next sign-in may be another shop's.
 * @module
 */
import { effect, signal } from '@preact/signals';
import { session } from './session.ts';

/** The Install screen's choices and typed values. */
export interface InstallDraft {
  /** The publishable token pasted or made here. */
  token: string;
  /** The site a token was last made for (its button then reads "Make another"). */
  madeFor: string | null;
  site: string;
  /** The chosen product's and variant's platform ids, '' for the first. */
  product: string;
  variant: string;
  price: string;
  currency: string;
  checkout: string;
}

const EMPTY: InstallDraft = {
  token: '',
  madeFor: null,
  site: '',
  product: '',
  variant: '',
  price: '',
  currency: '',
  checkout: '',
};

/** The Install screen's values for the page's life. */
export const installDraft = signal<InstallDraft>({ ...EMPTY });

/** Changes some of the values. */
export function updateInstallDraft(patch: Partial<InstallDraft>): void {
  installDraft.value = { ...installDraft.value, ...patch };
}

// Signed out: the next shop must not find this one's token in its snippet.
effect(() => {
  if (session.value === null) installDraft.value = { ...EMPTY };
});
