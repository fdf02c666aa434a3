/**
 * Preloaded into a service process (`node --import …/skewed-clock.mjs`) to put its wall clock
 * `CLOCK_SKEW_MS` off, as a host with a drifting clock would be: `Date.now()` and `new Date()`
 * read the real time plus the skew. The monotonic clock (`performance.now()`) and the
 * database's clock are untouched, as they are on such a host. For tests only.
 */
const skew = Number(process.env.CLOCK_SKEW_MS ?? 0);
const RealDate = globalThis.Date;
const realNow = RealDate.now.bind(RealDate);

globalThis.Date = new Proxy(RealDate, {
  construct(target, args, newTarget) {
    return Reflect.construct(target, args.length === 0 ? [realNow() + skew] : args, newTarget);
  },
  apply() {
    // Date() called as a function: the current time as a string.
    return new RealDate(realNow() + skew).toString();
  },
  get(target, key, receiver) {
    if (key === 'now') return () => realNow() + skew;
    return Reflect.get(target, key, receiver);
  },
});
