import type { TransferListItem, Worker } from 'node:worker_threads';

/** Why a job did not get its answer: the queue was full, it ran out of time, or its worker died. */
export type WorkerPoolFailure = 'busy' | 'timeout' | 'failed';

export class WorkerPoolError extends Error {
  constructor(
    readonly reason: WorkerPoolFailure,
    message: string = reason,
  ) {
    super(message);
  }
}

export interface WorkerPoolOptions {
  /**
   * Starts one worker (with its resource limits). The worker posts `'ready'` once it listens, then
   * answers each message it receives with exactly one message.
   */
  start: () => Worker | Promise<Worker>;
  /** Jobs running at once (one worker each). */
  size: number;
  /** Jobs that may wait for a worker; one more is refused at once (`busy`). */
  queue: number;
  /** Wall-clock time a job may take in its worker before the worker is terminated (`timeout`). */
  timeoutMs: number;
  /** Time a new worker may take to become ready. */
  startTimeoutMs?: number;
}

interface Waiting {
  input: unknown;
  transfer: readonly TransferListItem[];
  resolve: (out: unknown) => void;
  reject: (err: unknown) => void;
}

/**
 * A few workers for work that must not run on the event loop: at most `size` jobs at once, at most
 * `queue` waiting, each job given `timeoutMs` of wall-clock time in its worker. A worker that times out
 * is terminated (whatever it is doing, even a loop that never yields) and one that dies (out of memory,
 * an exception) is dropped; the next job starts a new one. Idle workers are kept for the next job and do
 * not keep the process alive.
 */
export class WorkerPool<In, Out> {
  private readonly idle: Worker[] = [];
  private readonly live = new Set<Worker>();
  private readonly waiting: Waiting[] = [];
  private running = 0;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {}

  /** Runs one job; `transfer` lists what `input` hands over to the worker instead of copying. */
  run(input: In, transfer: readonly TransferListItem[] = []): Promise<Out> {
    if (this.closed) return Promise.reject(new WorkerPoolError('failed', 'the pool is closed'));
    if (this.running < this.options.size) return this.execute(input, transfer) as Promise<Out>;
    if (this.waiting.length >= this.options.queue) return Promise.reject(new WorkerPoolError('busy'));
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ input, transfer, resolve: resolve as (out: unknown) => void, reject });
    });
  }

  /** Jobs running and waiting now. */
  get load() {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Refuses what waits and terminates every worker. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(new WorkerPoolError('failed', 'the pool is closed'));
    await Promise.all([...this.live].map((w) => w.terminate()));
  }

  private async execute(input: unknown, transfer: readonly TransferListItem[]): Promise<unknown> {
    this.running++;
    try {
      const worker = this.idle.pop() ?? (await this.spawn());
      const out = await this.ask(worker, input, transfer);
      if (this.closed) void worker.terminate();
      else this.idle.push(worker);
      return out;
    } finally {
      this.running--;
      const next = this.waiting.shift();
      if (next && !this.closed) this.execute(next.input, next.transfer).then(next.resolve, next.reject);
    }
  }

  private async spawn(): Promise<Worker> {
    const worker = await this.options.start();
    this.live.add(worker);
    worker.unref();
    // Always listened to, so a worker that fails while idle never raises an unhandled 'error'.
    worker.on('error', () => this.drop(worker));
    worker.on('exit', () => this.drop(worker));
    const first = await this.answer(
      worker,
      this.options.startTimeoutMs ?? 10_000,
      'the worker did not start',
    );
    if (first !== 'ready') {
      this.drop(worker);
      void worker.terminate();
      throw new WorkerPoolError('failed', 'the worker did not say it was ready');
    }
    return worker;
  }

  private ask(worker: Worker, input: unknown, transfer: readonly TransferListItem[]): Promise<unknown> {
    const answer = this.answer(worker, this.options.timeoutMs, 'the job ran out of time');
    worker.postMessage(input, transfer);
    return answer;
  }

  /** The worker's next message, or a failure: its time is up (it is terminated), it erred or exited. */
  private answer(worker: Worker, ms: number, late: string): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const settle = (fn: () => void) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        fn();
      };
      const onMessage = (message: unknown) => settle(() => resolve(message));
      const onError = (err: Error) =>
        settle(() => {
          this.drop(worker);
          void worker.terminate();
          reject(new WorkerPoolError('failed', err.message));
        });
      const onExit = () => settle(() => reject(new WorkerPoolError('failed', 'the worker exited')));
      const timer = setTimeout(
        () =>
          settle(() => {
            this.drop(worker);
            void worker.terminate();
            reject(new WorkerPoolError('timeout', late));
          }),
        ms,
      );
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    });
  }

  private drop(worker: Worker) {
    this.live.delete(worker);
    const i = this.idle.indexOf(worker);
    if (i >= 0) this.idle.splice(i, 1);
  }
}
