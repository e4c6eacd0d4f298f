import { deviceIdStepEnd, newDeviceIdScan, type ParsedDeviceIds, scanDeviceIds } from '@scaler/domain';

/** Characters of a list parsed between two turns of the event loop (about 7,000 ids, a few ms). */
const STEP_CHARS = 256 * 1024;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * `parseDeviceIds` in steps of `STEP_CHARS`, yielding to the event loop between them: a 200,000-id
 * list (7.4 MB) takes about a quarter of a second to parse, which in one piece held every other request
 * that long (issue 17). The steps end at separators, so no entry is cut, and share one scan, so an id
 * repeated across steps still counts once.
 */
export async function parseDeviceIdsInSteps(text: string, stepChars = STEP_CHARS): Promise<ParsedDeviceIds> {
  const scan = newDeviceIdScan();
  for (let from = 0; from < text.length; ) {
    const to = deviceIdStepEnd(text, from + stepChars);
    scanDeviceIds(text, from, to, scan);
    from = to + 1;
    if (from < text.length) await nextTurn();
  }
  const { seen: _, ...parsed } = scan;
  return parsed;
}
