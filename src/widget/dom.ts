/**
 * The widget's renderer: JSX (classic `h`) into a tree of plain objects, patched into the
 * shadow root by position. It replaces Preact, which was a third of the widget's 14 KB gzip
 * budget (≈4.5 KB) for what this UI uses: function components without state or hooks (they
 * read signals; the element re-renders from one effect), a few attributes, three events, and
 * one controlled input. Patching by position keeps each day button the same DOM node across
 * renders, so focus and the roving tabindex stay put. Text is always a text node, never markup.
 * @module
 */
import type { JSX as PreactJSX } from 'preact';

/** What a component may return, or an element have as children. */
export type Child = VNode | string | number | boolean | null | undefined | Child[];

type Props = Record<string, unknown> & { children?: Child };

/** An element (`type` a tag name) or a component call (`type` a function). */
export interface VNode {
  type: string | ((props: any) => Child);
  props: Props;
}

/** The JSX factory (each `.tsx` file names it with the `@jsx h` pragma). */
export function h(type: VNode['type'], props: Props | null, ...children: Child[]): VNode {
  return { type, props: { ...props, children } };
}

/** `<>…</>`. */
export const Fragment = (props: { children?: Child }): Child => props.children;

// JSX types: Preact's attribute and event types (a type-only import, no code), so what the
// components write stays checked; an element is this module's VNode.
// eslint-disable-next-line @typescript-eslint/no-namespace
export declare namespace h {
  export namespace JSX {
    type Element = VNode;
    type IntrinsicElements = PreactJSX.IntrinsicElements;
    type ElementChildrenAttribute = PreactJSX.ElementChildrenAttribute;
  }
}

/** A rendered element with the props it was last given and its event handlers. */
type Rendered = HTMLElement & { _p?: Props; _l?: Record<string, (e: Event) => void> };

/** Elements and text, components called, holes (`null`, `false`) and nesting dropped. */
function flat(c: Child, out: (VNode | string)[] = []): (VNode | string)[] {
  if (Array.isArray(c)) for (const x of c) flat(x, out);
  else if (c != null && typeof c !== 'boolean') {
    if (typeof c !== 'object') out.push(String(c));
    else if (typeof c.type === 'function') flat(c.type(c.props), out);
    else out.push(c);
  }
  return out;
}

function setProp(el: Rendered, name: string, value: unknown): void {
  if (name.startsWith('on')) {
    // One listener per event type, calling whatever handler the latest render gave.
    const type = name.slice(2).toLowerCase();
    const handlers = (el._l ??= {});
    if (!(type in handlers)) el.addEventListener(type, (e) => handlers[type]?.(e));
    handlers[type] = value as (e: Event) => void;
  } else if (name === 'value') (el as HTMLInputElement).value = String(value ?? '');
  else if (value == null || value === false) el.removeAttribute(name);
  else el.setAttribute(name, value === true ? '' : String(value));
}

/** Makes `parent`'s child nodes match `children`, reusing the node at each position when it fits. */
function patch(parent: ParentNode, children: (VNode | string)[]): void {
  const nodes = parent.childNodes;
  children.forEach((v, i) => {
    let node = nodes[i] as ChildNode | undefined;
    const put = (fresh: ChildNode) => (node ? node.replaceWith(fresh) : parent.append(fresh), (node = fresh));
    if (typeof v === 'string') {
      if (node?.nodeType === 3) (node as Text).data !== v && ((node as Text).data = v);
      else put(document.createTextNode(v));
      return;
    }
    if ((node as Element | undefined)?.localName !== v.type) put(document.createElement(v.type as string));
    const el = node as Rendered;
    const old = el._p ?? {};
    for (const name in { ...old, ...v.props }) {
      const value = v.props[name];
      // An input's value is compared with what it shows (the shopper may have typed over it).
      // (`__self`/`__source`: what a development JSX transform adds; not attributes.)
      if (name !== 'children' && name[0] !== '_' && (name === 'value' ? (el as HTMLInputElement).value !== String(value) : old[name] !== value)) setProp(el, name, value);
    }
    el._p = v.props;
    patch(el, flat(v.props.children));
  });
  while (nodes.length > children.length) parent.lastChild!.remove();
}

/** Renders `tree` into `root` (a shadow root), patching what is there; `null` empties it. */
export function render(tree: Child, root: ParentNode): void {
  patch(root, flat(tree));
}
