/**
 * Rails-style form fields (`items[0][properties][Start]=...`) into nested objects, because a
 * theme's product form posts to `/cart/add.js` as form data with exactly those names.
 * @module
 */

type Nested = { [key: string]: string | Nested };

/**
 * Nests form entries by their bracketed names. `a[b][c]=1` gives `{a: {b: {c: "1"}}}`; a
 * repeated plain name keeps the last value; `a[]` appends under the next free index.
 * Objects whose keys are all indexes stay objects; `toArrays` turns them into arrays.
 */
export function nestForm(entries: Iterable<[string, string]>): Nested {
  const root: Nested = Object.create(null);
  for (const [name, value] of entries) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
    if (!match) continue; // a malformed name is ignored, as Rails does
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node: Nested = root;
    for (let i = 0; i < path.length; i++) {
      let key = path[i]!;
      if (key === '') key = String(Object.keys(node).length);
      if (key === '__proto__' || key === 'constructor' || key === 'prototype') break;
      if (i === path.length - 1) {
        node[key] = value;
      } else {
        const next = node[key];
        node = typeof next === 'object' ? next : (node[key] = Object.create(null) as Nested);
      }
    }
  }
  return root;
}

/** Turns objects keyed only by `0`, `1`, ... into arrays, recursively. */
export function toArrays(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  const mapped = entries.map(([k, v]) => [k, toArrays(v)] as const);
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
    return mapped.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => v);
  }
  return Object.fromEntries(mapped);
}
