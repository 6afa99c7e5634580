/**
 * Group commit for jobs (issue 14): the jobs a worker is running at the same time are handed to their job's
 * `handleBatch` together, so a thousand notification jobs pay a few inserts and fsyncs, not a thousand.
 *
 * Hand-written because BullMQ's open-source Worker calls its processor with one job at a time (batches, where a
 * processor gets many, are BullMQ Pro's); each job keeps its own BullMQ life (lock, retries, completion) and only
 * the write is shared. No timer: a call that finds no batch running starts one at once (a lone job waits for
 * nothing), and calls that come while `maxInFlight` batches are running wait for the next, which takes them all up
 * to `maxSize`. So batches grow with the load by themselves, as PostgreSQL's own group commit does.
 */
export interface Batcher<T> {
  /** Settles as this item's outcome in its batch does. */
  add(item: T): Promise<void>;
  /** Settles once nothing is waiting or running (for a graceful stop). */
  drain(): Promise<void>;
}

export function createBatcher<T>(
  run: (items: T[]) => Promise<PromiseSettledResult<unknown>[]>,
  opts: { maxSize?: number; maxInFlight?: number } = {},
): Batcher<T> {
  const maxSize = opts.maxSize ?? 200;
  const maxInFlight = opts.maxInFlight ?? 4;
  type Waiting = { item: T; resolve: () => void; reject: (err: unknown) => void };
  let waiting: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;
  let idle: (() => void)[] = [];

  const settle = (batch: Waiting[], results: PromiseSettledResult<unknown>[]) =>
    batch.forEach((w, i) => {
      const r = results[i];
      if (r?.status === 'fulfilled') w.resolve();
      else w.reject(r ? r.reason : new Error('batch answered no outcome for this item'));
    });

  const pump = () => {
    scheduled = false;
    while (waiting.length && inFlight < maxInFlight) {
      const batch = waiting.slice(0, maxSize);
      waiting = waiting.slice(maxSize);
      inFlight++;
      run(batch.map((w) => w.item))
        .then(
          (results) => settle(batch, results),
          (err: unknown) => {
            for (const w of batch) w.reject(err);
          },
        )
        .finally(() => {
          inFlight--;
          pump();
        });
    }
    if (!waiting.length && !inFlight) {
      for (const done of idle) done();
      idle = [];
    }
  };

  return {
    add(item) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        // The rest of this turn's arrivals (BullMQ hands over several jobs from one Redis reply) join the same batch.
        if (!scheduled) {
          scheduled = true;
          setImmediate(pump);
        }
      });
    },
    drain() {
      if (!waiting.length && !inFlight) return Promise.resolve();
      return new Promise<void>((resolve) => idle.push(resolve));
    },
  };
}
