/** The value at fraction `q` of sorted numbers, by linear interpolation between neighbours. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) throw new Error('quantile of nothing');
  const at = (sorted.length - 1) * q;
  const below = Math.floor(at);
  const above = Math.ceil(at);
  return Math.round(sorted[below]! + (sorted[above]! - sorted[below]!) * (at - below));
}

/** The median and the middle half (25th to 75th percentile) of some prices. */
export function middleHalf(prices: readonly number[]) {
  const sorted = [...prices].sort((a, b) => a - b);
  return { median: quantile(sorted, 0.5), low: quantile(sorted, 0.25), high: quantile(sorted, 0.75) };
}
