/**
 * Plain string operations for parsers of user text (issue 17). Each is one pass over its input, with no
 * regular expression that could backtrack: a pattern such as `/["']+$/` or `/^_+|_+$/g` tries every
 * start of a long run of its character and costs the square of the run's length (100,000 quotes took
 * 16 s). Parsers of lists, tokens and values use these instead, so a 1 MB input costs milliseconds
 * (`linear-parsers.test.ts` in the server holds every parser to it).
 */

/** `text` without the characters of `chars` at its start and at its end. */
export function trimChars(text: string, chars: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && chars.includes(text[start])) start++;
  while (end > start && chars.includes(text[end - 1])) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** `text` without the characters of `chars` at its end. */
export function trimEndChars(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1])) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** A test of "is this UTF-16 code unit one of `chars`", by table for ASCII. */
function charTest(chars: string): (code: number) => boolean {
  const ascii = new Uint8Array(128);
  const other = new Set<number>();
  for (let i = 0; i < chars.length; i++) {
    const code = chars.charCodeAt(i);
    if (code < 128) ascii[code] = 1;
    else other.add(code);
  }
  return (code) => (code < 128 ? ascii[code] === 1 : other.size > 0 && other.has(code));
}

/**
 * The entries of a pasted or uploaded list: the pieces between any of the characters of `separators`,
 * each trimmed of white space, empty pieces left out.
 */
export function listEntries(text: string, separators: string): string[] {
  const isSeparator = charTest(separators);
  const entries: string[] = [];
  let start = 0;
  const n = text.length;
  for (let i = 0; i <= n; i++) {
    if (i < n && !isSeparator(text.charCodeAt(i))) continue;
    if (i > start) {
      const entry = text.slice(start, i).trim();
      if (entry !== '') entries.push(entry);
    }
    start = i + 1;
  }
  return entries;
}
