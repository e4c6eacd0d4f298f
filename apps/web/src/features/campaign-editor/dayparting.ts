import { DAYPARTING_LENGTH } from '@scaler/domain';

/**
 * The dayparting grid (7 days × 24 hours, Monday 00:00 first, in the account's time zone) as the
 * 168-character `0`/`1` string an ad group stores, and the edits the grid offers: one hour, a whole
 * day, an hour on every day, a dragged rectangle, everything, nothing, working hours.
 */

export const ALL_HOURS = '1'.repeat(DAYPARTING_LENGTH);
export const NO_HOURS = '0'.repeat(DAYPARTING_LENGTH);

export const cellIndex = (day: number, hour: number) => day * 24 + hour;

export function isOn(grid: string, day: number, hour: number): boolean {
  return grid[cellIndex(day, hour)] === '1';
}

function setCells(grid: string, cells: Iterable<number>, on: boolean): string {
  const chars = grid.padEnd(DAYPARTING_LENGTH, '0').slice(0, DAYPARTING_LENGTH).split('');
  for (const i of cells) chars[i] = on ? '1' : '0';
  return chars.join('');
}

/** Sets every cell of the rectangle between two corners (a drag) to `on`. */
export function setRect(
  grid: string,
  from: { day: number; hour: number },
  to: { day: number; hour: number },
  on: boolean,
): string {
  const cells: number[] = [];
  for (let d = Math.min(from.day, to.day); d <= Math.max(from.day, to.day); d++) {
    for (let h = Math.min(from.hour, to.hour); h <= Math.max(from.hour, to.hour); h++) {
      cells.push(cellIndex(d, h));
    }
  }
  return setCells(grid, cells, on);
}

/** A whole day: on when any of its hours is off, else off. */
export function toggleDay(grid: string, day: number): string {
  const cells = Array.from({ length: 24 }, (_, h) => cellIndex(day, h));
  return setCells(
    grid,
    cells,
    cells.some((i) => grid[i] !== '1'),
  );
}

/** An hour on every day: on when it is off on any day, else off. */
export function toggleHour(grid: string, hour: number): string {
  const cells = Array.from({ length: 7 }, (_, d) => cellIndex(d, hour));
  return setCells(
    grid,
    cells,
    cells.some((i) => grid[i] !== '1'),
  );
}

/** Monday to Friday, 09:00 to 18:00. */
export const WORKING_HOURS = setRect(NO_HOURS, { day: 0, hour: 9 }, { day: 4, hour: 17 }, true);

export const countOn = (grid: string) => [...grid].filter((c) => c === '1').length;
