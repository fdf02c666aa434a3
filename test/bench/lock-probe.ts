/**
 * What PostgreSQL itself allows on this machine for the shapes a hold transaction can take,
 * without the service: (A) the service's original shape, the variant's row lock taken first and
 * held across seven more statements until COMMIT; (B) the reads done before the lock and the
 * lock, capacity check and write in one statement (fast, but it oversells: a speed bound only);
 * (C) the service's shape now: a read before the lock, then one autocommitted call of a PL/pgSQL
 * function that locks, reads the usage in a NEW statement (a fresh snapshot), checks and writes.
 * Same pool size (10), same concurrency (16), same run, on a scratch database, so the ratios say
 * what restructuring the transaction can buy.
 * @module
 */
import pg from 'pg';
import { performance } from 'node:perf_hooks';
import { percentile } from './util.ts';

export interface ProbeResult {
  name: string;
  throughput: number;
  p50: number;
  p99: number;
}

async function loop(name: string, fn: () => Promise<void>, ms: number, concurrency: number): Promise<ProbeResult> {
  const latencies: number[] = [];
  const end = performance.now() + ms;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end && latencies.length < 100_000) {
        const t = performance.now();
        await fn();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return {
    name,
    throughput: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/** Runs the three shapes against a scratch database at `url` (created and dropped by the caller). */
export async function probeLockShapes(
  url: string,
  options: { ms: number; concurrency: number },
): Promise<ProbeResult[]> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client's error (the server restarting, another session terminating ours) must not crash the bench.
  pool.on('error', () => {});
  try {
    await pool.query(`CREATE TABLE probe_variants (id int PRIMARY KEY, capacity int NOT NULL);
      INSERT INTO probe_variants VALUES (1, 1000000000);
      CREATE TABLE probe_items (id bigserial PRIMARY KEY, variant_id int NOT NULL, day date NOT NULL, quantity int NOT NULL, cart text NOT NULL);
      CREATE INDEX ON probe_items (variant_id, day); CREATE INDEX ON probe_items (cart);`);
    await pool.query(`CREATE FUNCTION probe_hold(p_day date, p_cart text) RETURNS boolean LANGUAGE plpgsql AS $$
      DECLARE cap int; used int;
      BEGIN
        SELECT capacity INTO cap FROM probe_variants WHERE id = 1 FOR UPDATE;
        SELECT coalesce(sum(quantity), 0) INTO used FROM probe_items WHERE variant_id = 1 AND day = p_day AND cart <> p_cart;
        IF used + 1 > cap THEN RETURN false; END IF;
        DELETE FROM probe_items WHERE cart = p_cart;
        INSERT INTO probe_items (variant_id, day, quantity, cart) VALUES (1, p_day, 1, p_cart);
        RETURN true;
      END $$`);
    const days = ['2030-01-01', '2030-01-02', '2030-01-03'];
    const pick = () => ({
      day: days[Math.floor(Math.random() * days.length)]!,
      cart: `c${Math.floor(Math.random() * 400)}`,
    });
    const a = await loop(
      'A: lock first, held across 7 statements',
      async () => {
        const { day, cart } = pick();
        const c = await pool.connect();
        try {
          await c.query('BEGIN');
          await c.query('SELECT capacity FROM probe_variants WHERE id = 1 FOR UPDATE');
          await c.query('SELECT id FROM probe_items WHERE cart = $1 LIMIT 1', [cart]);
          await c.query('SELECT coalesce(sum(quantity), 0) FROM probe_items WHERE variant_id = 1 AND day = $1', [day]);
          await c.query('SELECT 1');
          await c.query('DELETE FROM probe_items WHERE cart = $1', [cart]);
          await c.query('INSERT INTO probe_items (variant_id, day, quantity, cart) VALUES (1, $1, 1, $2)', [day, cart]);
          await c.query('SELECT id, day, quantity FROM probe_items WHERE cart = $1', [cart]);
          await c.query('COMMIT');
        } catch (error) {
          await c.query('ROLLBACK').catch(() => {});
          throw error;
        } finally {
          c.release();
        }
      },
      options.ms,
      options.concurrency,
    );
    const b = await loop(
      'B: reads first, lock + check + write in 1 statement',
      async () => {
        const { day, cart } = pick();
        await pool.query('SELECT 1');
        await pool.query(
          `WITH lock AS (SELECT capacity FROM probe_variants WHERE id = 1 FOR UPDATE),
                removed AS (DELETE FROM probe_items WHERE cart = $2 RETURNING quantity),
                used AS (SELECT coalesce(sum(quantity), 0) AS units FROM probe_items WHERE variant_id = 1 AND day = $1)
           INSERT INTO probe_items (variant_id, day, quantity, cart)
           SELECT 1, $1, 1, $2 FROM lock, used WHERE used.units + 1 <= lock.capacity RETURNING id`,
          [day, cart],
        );
      },
      options.ms,
      options.concurrency,
    );
    const c = await loop(
      'C: a read first, then lock + fresh read + check + write in 1 function call',
      async () => {
        const { day, cart } = pick();
        await pool.query({
          name: 'probe_read',
          text: 'SELECT coalesce(sum(quantity), 0) FROM probe_items WHERE variant_id = 1 AND day = $1',
          values: [day],
        });
        await pool.query({ name: 'probe_hold', text: 'SELECT probe_hold($1, $2)', values: [day, cart] });
      },
      options.ms,
      options.concurrency,
    );
    return [a, b, c];
  } finally {
    await pool.end();
  }
}
