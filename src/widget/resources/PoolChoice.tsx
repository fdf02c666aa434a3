/**
 * A shopper's choice in a pool ("Preference: Any / Anna / Ben"), under the calendar (and a slot
 * widget's times): native radio buttons in a fieldset, so the keyboard and screen readers work
 * as the platform makes them (one tab stop, arrows choose), each a 44 px target. Once a day or
 * time is chosen, each member says whether it is free then (`free_resources`); every member
 * stays choosable, since a pick shows that member's own days in the calendar (another day may
 * suit them). Names are the merchant's, isolated for bidi.
 * @module
 */
import type { Resources } from './model.ts';
import type { ResourceWords } from './strings.ts';
import { useResourceStyles } from './styles.ts';

/** Every shopper pool of the product's types, one radio group each. */
export function PoolChoice({ model, words }: { model: Resources; words: ResourceWords }) {
  const box = useResourceStyles<HTMLDivElement>();
  const pools = model.group.value?.pools ?? [];
  const picks = model.picks.value,
    free = model.free.value;
  return (
    <div part="pools" ref={box}>
      {pools.map((pool) => {
        const known = free[pool.key];
        const option = (id: number | undefined, name: string, busy?: boolean) => (
          <label part={busy ? 'pool-option pool-busy' : 'pool-option'} key={id ?? 'any'}>
            <input
              type="radio"
              name={`pool-${pool.key}`}
              checked={picks[pool.key] === id}
              onChange={() => model.choose(pool.key, id)}
            />
            <bdi>{name}</bdi>
            {busy !== undefined && <small>{words(busy ? 'notFree' : 'free')}</small>}
          </label>
        );
        return (
          <fieldset part="pool" key={pool.key}>
            <legend part="pool-legend">{words('pool')}</legend>
            {option(undefined, words('any'))}
            {pool.members.map((m) => option(m.id, m.name, known && !known.has(m.id)))}
          </fieldset>
        );
      })}
    </div>
  );
}
