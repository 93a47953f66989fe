/**
 * Remembers a pure function's answers by key, up to `size` keys, then starts afresh: for hot loops
 * over a file's rows, whose numbers, symbols and costs mostly repeat. Only for functions whose
 * answer depends on the key alone and is never mutated by a caller (decimals are immutable).
 */
export function createBoundedMemo<T>(size: number): (key: string, compute: () => T) => T {
  let answers = new Map<string, T>();
  return (key, compute) => {
    const known = answers.get(key);
    if (known !== undefined || answers.has(key)) return known as T;
    if (answers.size >= size) answers = new Map();
    const answer = compute();
    answers.set(key, answer);
    return answer;
  };
}
