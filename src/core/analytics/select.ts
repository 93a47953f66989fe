/**
 * Order statistics without a full sort: rearranges `values[left..right]` so that each requested
 * index k holds the value a full ascending sort would put there (multi-quickselect, median-of-three
 * pivots, insertion sort for short ranges). Expected O(n · log(number of indices)).
 */
export function selectOrderStatistics(values: Float64Array, indices: readonly number[]): void {
  const ks = [...new Set(indices)].filter((k) => k >= 0 && k < values.length).sort((a, b) => a - b);
  if (ks.length > 0) selectRange(values, 0, values.length - 1, ks, 0, ks.length - 1);
}

function selectRange(a: Float64Array, left: number, right: number, ks: number[], kFrom: number, kTo: number): void {
  while (right - left > 16) {
    const mid = (left + right) >>> 1;
    // Median of three as the pivot, moved to `left`.
    if (a[mid]! < a[left]!) swap(a, mid, left);
    if (a[right]! < a[left]!) swap(a, right, left);
    if (a[right]! < a[mid]!) swap(a, right, mid);
    const pivot = a[mid]!;
    // Hoare partition: [left, j] ≤ pivot ≤ [j + 1, right].
    let i = left - 1;
    let j = right + 1;
    for (;;) {
      do i++;
      while (a[i]! < pivot);
      do j--;
      while (a[j]! > pivot);
      if (i >= j) break;
      swap(a, i, j);
    }
    // Split the wanted indices between the two sides; recurse into the smaller set of indices.
    let split = kFrom;
    while (split <= kTo && ks[split]! <= j) split++;
    const hasLeft = split > kFrom;
    const hasRight = split <= kTo;
    if (hasLeft && hasRight) {
      selectRange(a, left, j, ks, kFrom, split - 1);
      left = j + 1;
      kFrom = split;
    } else if (hasLeft) {
      right = j;
      kTo = split - 1;
    } else if (hasRight) {
      left = j + 1;
      kFrom = split;
    } else {
      return;
    }
  }
  for (let i = left + 1; i <= right; i++) {
    const x = a[i]!;
    let j = i - 1;
    while (j >= left && a[j]! > x) {
      a[j + 1] = a[j]!;
      j--;
    }
    a[j + 1] = x;
  }
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
}

/**
 * Type-7 quantiles (see computeQuantileSorted) of `values` at each α, computed by selection.
 * NOTE: reorders `values` in place.
 */
export function computeQuantilesInPlace(values: Float64Array, alphas: readonly number[]): number[] {
  const n = values.length;
  if (n === 0) return alphas.map(() => Number.NaN);
  const wanted: number[] = [];
  for (const alpha of alphas) {
    const lo = Math.min(Math.max(Math.floor((n - 1) * alpha), 0), n - 1);
    wanted.push(lo, Math.min(lo + 1, n - 1));
  }
  selectOrderStatistics(values, wanted);
  return alphas.map((alpha) => {
    const h = (n - 1) * alpha;
    const lo = Math.min(Math.max(Math.floor(h), 0), n - 1);
    const a = values[lo]!;
    const b = values[Math.min(lo + 1, n - 1)]!;
    const t = h - lo;
    if (t === 0 || a === b) return a;
    return t >= 0.5 ? b - (b - a) * (1 - t) : a + (b - a) * t;
  });
}
