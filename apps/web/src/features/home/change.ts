/** The change of a figure against the period before, as a signed percentage; null when there is nothing to compare. */
export function changeOf(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return (current - previous) / Math.abs(previous);
}
