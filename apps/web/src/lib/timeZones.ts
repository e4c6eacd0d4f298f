import { LOCAL_TIME_ZONE, resolveTimeZone } from '@scaler/domain';

/** "UTC+08:00", or for the local-time choice "Local time (UTC+02:00)" with the browser's offset. */
export function timeZoneLabel(
  choice: string,
  localLabel: (offset: string) => string,
  now = new Date(),
): string {
  if (choice === LOCAL_TIME_ZONE) return localLabel(`UTC${resolveTimeZone(choice, now)}`);
  return `UTC${choice}`;
}
