/**
 * Node 20 lacks Map.groupBy / Object.groupBy (Node 21+); vitest 5 uses them when it reports errors.
 * Imported by vitest.config.ts, which runs in vitest's main process. Remove when the machines move to Node 22.
 */
type GroupBy = <K, T>(items: Iterable<T>, key: (item: T, index: number) => K) => Map<K, T[]>;
const mapCtor = Map as unknown as { groupBy?: GroupBy };
mapCtor.groupBy ??= <K, T>(items: Iterable<T>, key: (item: T, index: number) => K) => {
  const out = new Map<K, T[]>();
  let i = 0;
  for (const item of items) {
    const k = key(item, i++);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
};
const objectCtor = Object as unknown as {
  groupBy?: <T>(items: Iterable<T>, key: (item: T, i: number) => PropertyKey) => Record<PropertyKey, T[]>;
};
objectCtor.groupBy ??= (items, key) => Object.fromEntries(mapCtor.groupBy?.(items, key) ?? []);
