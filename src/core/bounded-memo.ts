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

/**
 * createBoundedMemo for an answer that depends on several texts (`parts`): it first compares the
 * last answer for the same first part (a symbol, a date) part by part, and builds a key of them
 * only when one differs. A file's rows with the same first part mostly repeat all the others, and
 * building that key for every row was most of what a look-up cost.
 */
export function createPartsMemo<T>(size: number): (parts: readonly string[], compute: () => T) => T {
  const answers = createBoundedMemo<T>(size);
  let lasts = new Map<string, { parts: readonly string[]; answer: T }>();
  return (parts, compute) => {
    const first = parts[0] ?? '';
    const last = lasts.get(first);
    if (last !== undefined && isSameParts(last.parts, parts)) return last.answer;
    // Each part with its length first, so that no two different lists share a key.
    const answer = answers(parts.map((part) => `${part.length}:${part}`).join(':'), compute);
    if (lasts.size >= size) lasts = new Map();
    lasts.set(first, { parts, answer });
    return answer;
  };
}

function isSameParts(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}
