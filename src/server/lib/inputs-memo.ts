/**
 * Answers kept while what they were made from is unchanged (issues 20 and 34): a key's value is found only
 * while each of its inputs is the very one it was made from (a read kept in memory, the content, the clock's
 * second), so making it again costs nothing until one of them changes. Past `maxKeys` it starts again empty.
 */
export interface InputsMemo<Inputs extends readonly unknown[], Value> {
  find(key: string, inputs: Inputs): Value | undefined;
  /** Keeps `value` as made from `inputs`, and answers it. */
  keep(key: string, inputs: Inputs, value: Value): Value;
}

export function inputsMemo<Inputs extends readonly unknown[], Value>(
  maxKeys: number,
): InputsMemo<Inputs, Value> {
  const kept = new Map<string, { inputs: Inputs; value: Value }>();
  return {
    find(key, inputs) {
      const entry = kept.get(key);
      return entry?.inputs.every((input, index) => input === inputs[index]) ? entry.value : undefined;
    },
    keep(key, inputs, value) {
      if (kept.size >= maxKeys && !kept.has(key)) kept.clear();
      kept.set(key, { inputs, value });
      return value;
    },
  };
}
