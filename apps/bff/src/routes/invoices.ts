import { ZInvoiceLangQuery, ZInvoiceList, ZInvoiceView } from '@majlis/contracts';
import { getInvoice, invoicePdf, listInvoices } from '@majlis/core/billing/invoices';
import { Hono, type MiddlewareHandler } from 'hono';
import type { Env } from '../env.ts';
import { needsPower, requireActor } from '../http/session.ts';
import { doc, idParam, queryOf } from '../http/validate.ts';

const tags = ['billing'];
const power = 'manageBilling' as const;

/** The account's owner only (gate showBilling): an admin or member learns 403 before anything is read. */
const mayBill = needsPower(power);

/** A PDF is built on each download: limited per user (invoicePdfUser). */
const pdfLimit: MiddlewareHandler<Env> = async (c, next) => {
  await c.get('runtime').limits.consume('invoicePdfUser', requireActor(c).userId);
  await next();
};

/**
 * Invoices of the acting account (spec §3 Invoice; packages/core/src/billing/invoices.ts): the list, one invoice with
 * its lines in the request's language, and its PDF. Another account's invoice answers 404.
 */
export const invoiceRoutes = new Hono<Env>()
  .get(
    '/billing/invoices',
    doc("The acting account's invoices, newest first", { tags, response: ZInvoiceList, power }),
    mayBill,
    async (c) => c.json(await listInvoices(c.get('runtime').db, requireActor(c))),
  )
  .get(
    '/billing/invoices/:id',
    doc('One invoice, its lines written in ?lang=ar|en (else the request language)', {
      tags,
      response: ZInvoiceView,
      power,
    }),
    mayBill,
    queryOf(ZInvoiceLangQuery),
    async (c) => {
      const locale = c.req.valid('query').lang ?? c.get('locale');
      return c.json(await getInvoice(c.get('runtime').db, requireActor(c), idParam(c.req.param('id')), locale));
    },
  )
  .get(
    '/billing/invoices/:id/pdf',
    doc('One invoice as an A4 PDF (attachment invoice-<number>.pdf), in ?lang=ar|en', { tags, power }),
    mayBill,
    queryOf(ZInvoiceLangQuery),
    pdfLimit,
    async (c) => {
      const locale = c.req.valid('query').lang ?? c.get('locale');
      const { filename, pdf } = await invoicePdf(
        c.get('runtime').db,
        requireActor(c),
        idParam(c.req.param('id')),
        locale,
      );
      return c.body(new Uint8Array(pdf), 200, {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${filename}"`,
        'cache-control': 'no-store',
      });
    },
  );
