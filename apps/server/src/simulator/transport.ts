/**
 * The simulator's HTTP client: global `fetch` (keep-alive connections), redirects never followed (a
 * click's 302 is what the simulator reads), at most `concurrency` requests in flight. A bid request finds
 * a free slot or is not sent (the exchange drops it); anything else waits for one in turn. An answer of
 * 503 with `retry-after` (the tracking writer is full) is retried once after that delay (at most 10 s),
 * outside the limit: it was sent already. Network errors and timeouts are answers too, never thrown.
 */

export interface HttpRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

export type HttpAnswer =
  | { status: number; location: string | null; text: string; retried: boolean }
  | { status: 'error' | 'timeout'; retried: boolean };

export interface TransportOptions {
  concurrency: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

const MAX_RETRY_AFTER_S = 10;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class Transport {
  private inFlight = 0;
  private readonly waiters: ((go: boolean) => void)[] = [];
  private readonly pending = new Set<Promise<unknown>>();
  private closed = false;
  private readonly fetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: TransportOptions) {
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.sleep = options.sleep ?? wait;
  }

  get busy(): number {
    return this.inFlight;
  }

  /** Sends now if a slot is free; null (not sent) when `concurrency` requests are in flight or closed. */
  trySend(req: HttpRequest): Promise<HttpAnswer> | null {
    if (this.closed || this.inFlight >= this.options.concurrency) return null;
    this.inFlight++;
    return this.track(this.run(req));
  }

  /**
   * Sends when a slot is free, in turn (`onSent` is told when it goes out); null when the transport was
   * closed before it could be sent.
   */
  async send(req: HttpRequest, onSent?: () => void): Promise<HttpAnswer | null> {
    if (this.closed) return null;
    if (this.inFlight >= this.options.concurrency) {
      const go = await new Promise<boolean>((resolve) => this.waiters.push(resolve));
      if (!go) return null;
    } else this.inFlight++;
    onSent?.();
    return this.track(this.run(req));
  }

  /** No new requests; those waiting for a slot are not sent. */
  close() {
    this.closed = true;
    for (const w of this.waiters.splice(0)) w(false);
  }

  /** Resolves when every request sent has been answered (retries included). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.pending.add(p);
    p.finally(() => this.pending.delete(p)).catch(() => undefined);
    return p;
  }

  private release() {
    const next = this.waiters.shift();
    // The slot passes straight to the next in line.
    if (next) next(true);
    else this.inFlight--;
  }

  private async run(req: HttpRequest): Promise<HttpAnswer> {
    let answer: HttpAnswer;
    let retryAfter: number | null;
    try {
      [answer, retryAfter] = await this.once(req);
    } finally {
      this.release();
    }
    if (answer.status === 503 && retryAfter !== null) {
      await this.sleep(Math.min(MAX_RETRY_AFTER_S, retryAfter) * 1000);
      [answer] = await this.once(req);
      answer.retried = true;
    }
    return answer;
  }

  private async once(req: HttpRequest): Promise<[HttpAnswer, number | null]> {
    try {
      const res = await this.fetch(req.url, {
        method: req.method ?? 'GET',
        headers: req.headers,
        body: req.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(req.timeoutMs),
      });
      const text = await res.text();
      const retryAfter = res.headers.get('retry-after');
      const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : null;
      return [{ status: res.status, location: res.headers.get('location'), text, retried: false }, seconds];
    } catch (error) {
      const timeout =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return [{ status: timeout ? 'timeout' : 'error', retried: false }, null];
    }
  }
}
