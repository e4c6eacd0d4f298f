import type { Place } from './guard';

/** The last location the guard allowed: where adv and org are carried over from (guard step 4). */
let lastAllowed: Place | null = null;

export function previousPlace(): Place | null {
  return lastAllowed;
}
export function rememberPlace(place: Place): void {
  lastAllowed = { pathname: place.pathname, search: place.search };
}
export function forgetPlaces(): void {
  lastAllowed = null;
}
