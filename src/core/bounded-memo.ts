/**
 * Remembers a pure function's answers by key, up to `size` keys, then starts afresh: for hot loops
 * over a file's rows, whose numbers, symbols and costs mostly repeat. Only for functions whose
 * answer depends on the key alone and is never mutated by a caller (decimals are immutable).
 * `compute` is given the key: a function made once can then serve every call, where a closure
 * made for each call is garbage each time, known key or not (an import makes a dozen a row).
 */
export function createBoundedMemo<T>(size: number): (key: string, compute: (key: string) => T) => T {
  let answers = new Map<string, T>();
  return (key, compute) => {
    const known = answers.get(key);
    if (known !== undefined || answers.has(key)) return known as T;
    if (answers.size >= size) answers = new Map();
    const answer = compute(key);
    answers.set(key, answer);
    return answer;
  };
}

/** `compute`, remembered by key as createBoundedMemo remembers: for a function fixed once. */
export function createMemoised<T>(size: number, compute: (key: string) => T): (key: string) => T {
  const memo = createBoundedMemo<T>(size);
  return (key) => memo(key, compute);
}
