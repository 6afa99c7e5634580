import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { InvoiceView } from '@majlis/contracts/billing';
import { logError } from '../log.ts';
import type { InvoiceReader } from './invoice-pdf.ts';
import type { PdfAnswer, PdfTask } from './invoice-pdf-worker.ts';

const WORKER = new URL('./invoice-pdf-worker.ts', import.meta.url).href;
/**
 * The worker thread's first lines: tsx's loader is registered in the thread, then the .ts module is loaded. A thread
 * gets none of the parent's hooks: not those of `tsx` (npm start, npm run dev, the compose services: tsx's own loader
 * registers itself on the main thread only), nor vitest's.
 */
const BOOT = `
const { workerData } = require('node:worker_threads');
(workerData.tsx ? import(workerData.tsx).then((tsx) => tsx.register()) : Promise.resolve())
  .then(() => import(workerData.entry));
`;

/** At most two threads: a render is a second of CPU, and the event loop keeps a core of its own. */
const SIZE = Math.max(1, Math.min(2, availableParallelism() - 1));

interface Pending {
  task: PdfTask;
  resolve: (pdf: Buffer) => void;
  reject: (err: Error) => void;
}

/** tsx's ESM API (`tsx/esm/api`, whose register() hooks this thread's loader), as a file URL. */
function tsxLoader(): string | null {
  try {
    const root = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
    return pathToFileURL(join(root, 'dist', 'esm', 'api', 'index.mjs')).href;
  } catch {
    return null;
  }
}

class PdfPool {
  private readonly idle: Worker[] = [];
  private readonly running = new Map<Worker, Pending>();
  private readonly queue: Pending[] = [];
  private size = 0;
  private nextId = 1;

  render(invoice: InvoiceView, reader: InvoiceReader): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.queue.push({ task: { id: this.nextId++, invoice, reader }, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length) {
      const worker = this.idle.pop() ?? (this.size < SIZE ? this.spawn() : undefined);
      if (!worker) return;
      const job = this.queue.shift() as Pending;
      this.running.set(worker, job);
      worker.ref();
      worker.postMessage(job.task);
    }
  }

  private spawn(): Worker {
    this.size += 1;
    const worker = new Worker(BOOT, { eval: true, workerData: { entry: WORKER, tsx: tsxLoader() } });
    worker.on('message', (answer: PdfAnswer) => {
      const job = this.running.get(worker);
      this.running.delete(worker);
      worker.unref();
      this.idle.push(worker);
      if (job && job.task.id === answer.id) {
        if ('pdf' in answer) job.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
        else job.reject(new Error(`invoice PDF: ${answer.error}`));
      }
      this.pump();
    });
    // A thread that dies (out of memory, a failed start) fails its task only; the next task starts a new thread.
    const lost = (err: Error) => {
      const job = this.running.get(worker);
      this.running.delete(worker);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      this.size -= 1;
      if (job) job.reject(err);
      logError('invoice PDF thread', err);
      this.pump();
    };
    let gone = false;
    worker.on('error', (err) => {
      if (!gone) lost(err);
      gone = true;
    });
    worker.on('exit', (code) => {
      if (!gone) lost(new Error(`invoice PDF thread exited with ${code}`));
      gone = true;
    });
    return worker;
  }
}

let pool: PdfPool | undefined;

/**
 * renderInvoicePdf on a worker thread (a small pool, made on first use): the layout and the Arabic shaping of one
 * invoice take a second or more of CPU, which on the event loop would hold every other request of this instance,
 * /api/health among them (issue 25). Idle threads do not keep the process alive.
 */
export function renderInvoicePdfOffThread(invoice: InvoiceView, reader: InvoiceReader): Promise<Buffer> {
  pool ??= new PdfPool();
  return pool.render(invoice, reader);
}
