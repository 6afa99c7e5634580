import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { InvoiceView } from '@majlis/contracts/billing';
import { type InvoiceReader, renderInvoicePdf } from './invoice-pdf.ts';

/** A render asked of this thread by invoice-pdf-pool.ts. */
export interface PdfTask {
  id: number;
  invoice: InvoiceView;
  reader: InvoiceReader;
}
export type PdfAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

/**
 * A worker thread of invoice-pdf-pool.ts: lays out invoices (pdfkit, fontkit's Arabic shaping: a second or more of
 * CPU each) away from the event loop that answers every other request, one task at a time.
 */
try {
  // A lower CPU priority, for this thread only (Linux's nice value is per thread): the event loop goes first.
  setPriority(5);
} catch {
  // Not permitted here (some containers): the render still runs off the event loop.
}

parentPort?.on('message', async (task: PdfTask) => {
  let answer: PdfAnswer;
  try {
    const pdf = await renderInvoicePdf(task.invoice, task.reader);
    answer = { id: task.id, pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength) };
  } catch (err) {
    answer = { id: task.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  parentPort?.postMessage(answer);
});
