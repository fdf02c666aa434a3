/**
 * The few reactive primitives the widget uses (`signal`, `computed`, `effect`, `createModel`),
 * written here instead of importing @preact/signals-core: that library's whole prototype
 * surface (subscribe, toJSON, watched hooks, …) cannot be tree-shaken and cost ≈2 KB gzip of
 * the widget's 14 KB budget; this is ≈0.5 KB with the semantics the models rely on:
 *
 * - a computed is lazy and cached, and recomputes only when a value it read has changed;
 * - an effect runs at once, then again after a value it read changes (a computed that
 *   recomputed to the same value does not wake it), and its returned cleanup runs before
 *   each re-run and on dispose;
 * - a model method runs untracked and batched: the effects it wakes run once, when it returns,
 *   so the DOM is up to date right after a click or key handler calls it;
 * - a model's `dispose()` disposes the effects and nested models it created.
 * @module
 */

/** A value that can be read (and tracked) but not written. */
export interface ReadonlySignal<T> {
  readonly value: T;
  /** The value, without tracking. */
  peek(): T;
}

/** What reads sources: a computed or an effect. */
interface Reader {
  /** Each source read in the last run, with its version then. */
  deps: Map<Source, number>;
  /** A source it read may have changed. */
  stale(): void;
}

/** A value with a version that grows each time it changes: a signal, or a computed's cache. */
class Source<T = unknown> {
  ver = 0;
  subs = new Set<Reader>();
  constructor(public v: T) {}
  /** Brings the value up to date (only computeds have work to do). */
  sync(): void {}
  get value(): T {
    this.sync();
    if (reader) {
      reader.deps.set(this, this.ver);
      this.subs.add(reader);
    }
    return this.v;
  }
  /** Writes a signal (computeds are typed read-only, so only signals are written). */
  set value(next: T) {
    if (next === this.v) return;
    this.v = next;
    this.ver++;
    depth++;
    try {
      for (const s of [...this.subs]) s.stale();
    } finally {
      endBatch();
    }
  }
  peek(): T {
    this.sync();
    return this.v;
  }
}

/** The reader whose run is reading now (its reads become its dependencies). */
let reader: Reader | undefined;
/** Nesting of batches; effects woken inside one run when the outermost ends. */
let depth = 0;
const queue: EffectNode[] = [];
/** The disposers of the model being built, so its effects go when it goes. */
let scope: (() => void)[] | undefined;

/** True when any source `r` read has a newer value than the one it read. */
const changed = (r: Reader) => [...r.deps].some(([s, ver]) => (s.sync(), s.ver !== ver));

/** Runs `fn` as `r`'s new run: its old dependencies are dropped, the ones it reads now kept. */
function track<T>(r: Reader | undefined, fn: () => T): T {
  if (r) {
    for (const s of r.deps.keys()) s.subs.delete(r);
    r.deps.clear();
  }
  const before = reader;
  reader = r;
  try {
    return fn();
  } finally {
    reader = before;
  }
}

function endBatch(): void {
  if (depth > 1) {
    depth--;
    return;
  }
  // Still inside the batch while draining, so effects woken by effects queue up behind. An
  // effect that throws stops the drain; the rest stay queued for the next one.
  try {
    for (let n = 0; queue.length; n++) {
      if (n > 1e4) throw new Error('Cycle detected');
      queue.shift()!.run();
    }
  } finally {
    depth = 0;
  }
}

class ComputedNode<T> extends Source<T> implements Reader {
  deps = new Map<Source, number>();
  dirty = true;
  constructor(private fn: () => T) {
    super(undefined as T);
  }
  stale(): void {
    if (this.dirty) return;
    this.dirty = true;
    for (const s of [...this.subs]) s.stale();
  }
  override sync(): void {
    if (!this.dirty) return;
    this.dirty = false;
    if (this.ver && !changed(this)) return;
    try {
      const next = track(this, this.fn);
      if (next !== this.v || !this.ver) {
        this.v = next;
        this.ver++;
      }
    } catch (e) {
      this.dirty = true;
      throw e;
    }
  }
}

class EffectNode implements Reader {
  deps = new Map<Source, number>();
  queued = false;
  ran = false;
  off = false;
  cleanup: unknown;
  constructor(private fn: () => unknown) {}
  stale(): void {
    if (!this.queued) {
      this.queued = true;
      queue.push(this);
    }
  }
  run(): void {
    this.queued = false;
    if (this.off || (this.ran && !changed(this))) return;
    this.ran = true;
    this.clean();
    this.cleanup = track(this, this.fn);
  }
  clean(): void {
    const c = this.cleanup;
    this.cleanup = undefined;
    if (typeof c === 'function') track(undefined, c as () => void);
  }
  dispose = (): void => {
    this.off = true;
    this.clean();
    track(this, () => {});
  };
}

/** A writable value; reading `.value` inside a computed or an effect tracks it. */
export function signal<T>(value: T): { value: T; peek(): T } {
  return new Source(value);
}

/** A value derived from others, recomputed lazily when one of them changes. */
export function computed<T>(fn: () => T): ReadonlySignal<T> {
  return new ComputedNode(fn);
}

/**
 * Runs `fn` now and again whenever a value it read changes; `fn` may return a cleanup.
 * Returns the disposer (also called when the model that created it is disposed).
 */
export function effect(fn: () => unknown): () => void {
  const e = new EffectNode(fn);
  scope?.push(e.dispose);
  depth++;
  try {
    e.run();
  } finally {
    endBatch();
  }
  return e.dispose;
}

/** Runs `fn` untracked and batched (a model's methods run so). */
function action<A extends unknown[], R>(fn: (...args: A) => R, args: A = [] as unknown as A): R {
  depth++;
  try {
    return track(undefined, () => fn(...args));
  } finally {
    endBatch();
  }
}

/**
 * Runs `fn` untracked, and the effects its writes wake once when it returns: an answer that
 * writes several signals (data, clock, loaded) renders once, not once per write.
 */
export const batch = <R>(fn: () => R): R => action(fn);

/**
 * A model class from a factory: `new Model(...args)` runs the factory untracked, turns the
 * functions it returns into actions (untracked, batched), and adds `dispose()` (not
 * `Symbol.dispose`: older Safari and Chrome have no such symbol).
 */
export function createModel<A extends unknown[], M extends object>(factory: (...args: A) => M): new (...args: A) => M & { dispose(): void } {
  return function (...args: A) {
    const outer = scope;
    const own: (() => void)[] = (scope = []);
    let model: Record<string, unknown>;
    try {
      model = track(undefined, () => factory(...args)) as Record<string, unknown>;
    } finally {
      scope = outer;
    }
    for (const k in model) {
      const f = model[k];
      if (typeof f === 'function') model[k] = (...a: unknown[]) => action(f as (...x: unknown[]) => unknown, a);
    }
    const dispose = () => own.splice(0).forEach((d) => d());
    outer?.push(dispose);
    model.dispose = dispose;
    return model;
  } as unknown as new (...args: A) => M & { dispose(): void };
}
