/**
 * The Content-Security-Policy of the strict demo page: what a locked-down merchant site sends.
 * No inline scripts or styles, no `eval`, scripts and stylesheets only from the site itself,
 * and `connect-src` limited to the booking API's path, so the widget proves it needs nothing
 * else (WIDGET.md: "a strict Content-Security-Policy needs only `script-src` for the widget's
 * files and `connect-src` for the API"): the page loads the widget from `/widget/`.
 * @module
 */

/**
 * The policy for a page served from `origin` talking to the API at `apiBase`
 * (e.g. `http://localhost:8787/v1/`). A path ending in `/` matches everything below it.
 */
export function strictCsp(origin: string, apiBase = `${origin}/v1/`): string {
  return [
    "default-src 'none'",
    `script-src ${origin}/widget/ ${origin}/assets/`,
    `style-src ${origin}/assets/`,
    `img-src ${origin}/assets/`,
    `connect-src ${apiBase}`,
    // The widget writes no HTML strings into the DOM; Trusted Types makes the browser prove it.
    "require-trusted-types-for 'script'",
    "trusted-types 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
