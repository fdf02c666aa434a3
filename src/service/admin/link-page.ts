/**
 * The page of a sign-in or invitation link that cannot be used (used already, expired, or not a
 * link of ours): in the admin's look, saying what happened and how to get a new link. A page of
 * its own (the admin's script is not needed to read it), with its one style allowed by hash.
 * @module
 */
import { createHash } from 'node:crypto';

const STYLE = `:root{color-scheme:light;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827}
body{margin:0;background:#f6f7f9}main{max-width:28em;margin:3em auto;padding:0 1em}
section{background:#fff;border:1px solid #d1d5db;border-radius:.4em;padding:1em}
h1{font-size:1.4em;margin:0 0 .5em}a.button{display:inline-flex;align-items:center;min-height:44px;padding:.3em 1em;
border-radius:.4em;background:#1a56db;color:#fff;text-decoration:none}a.button:focus-visible{outline:3px solid #111827;outline-offset:2px}
ul{padding-left:1.2em}`;

/** The page's Content-Security-Policy: nothing but its own style. */
export const LINK_PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** What kind of link failed. */
export type DeadLink = 'sign-in' | 'invitation';

const TEXT: Record<DeadLink, { title: string; said: string; next: string[] }> = {
  'sign-in': {
    title: 'This sign-in link has been used or has expired',
    said: 'A sign-in link works once, for 10 minutes, so nobody else can use it later.',
    next: [
      'If you have set a password or a passkey, sign in with it.',
      'Forgot your password? Choose "Forgot password?" on the sign-in page: a link to choose a new one comes by email.',
      'Otherwise, whoever runs the service prints a new link: <code>npm run service -- --owner-link "Your shop"</code> (or <code>npm start</code> for the demo shop).',
    ],
  },
  invitation: {
    title: 'This invitation has been used or has expired',
    said: 'An invitation works once, for 7 days.',
    next: [
      'If you have already accepted it, sign in with your email address and password.',
      "Otherwise, ask the shop's owner to invite you again (Staff, then Invite).",
    ],
  },
};

/** The whole page (HTML) for a link of `kind` that cannot be used. */
export function deadLinkPage(kind: DeadLink): string {
  const text = TEXT[kind];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text.title}</title><style>${STYLE}</style></head>
<body><main><section><h1>${text.title}</h1><p>${text.said}</p><ul>${text.next.map((line) => `<li>${line}</li>`).join('')}</ul>
<p><a class="button" href="/admin/">Go to the sign-in page</a></p></section></main></body></html>`;
}
