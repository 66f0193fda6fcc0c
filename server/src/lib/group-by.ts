/** Items by a key, each key's in the order given; `keptOf` is what each item is kept as. */
export function groupBy<T, K, V = T>(
  items: Iterable<T>,
  keyOf: (item: T) => K,
  keptOf: (item: T) => V = (item) => item as unknown as V,
): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(keptOf(item));
    else groups.set(key, [keptOf(item)]);
  }
  return groups;
}
