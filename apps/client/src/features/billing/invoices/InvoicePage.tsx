import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { messageOf } from '../../../lib/http.ts';
import { useLanguage } from '../../../state/language.tsx';
import { type InvoiceView, invoicePdfUrl, invoicesApi } from './api.ts';
import { InvoiceDocument } from './InvoiceDocument.tsx';

/**
 * The printable invoice: the document in the reader's language, Print (the browser's dialog; print CSS in app.css
 * leaves only the document on the page) and the PDF in the same language.
 */
export function InvoicePage({ id }: { id: string }) {
  const { t } = useLingui();
  const language = useLanguage();
  const [invoice, setInvoice] = useState<InvoiceView | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setError(null);
    invoicesApi
      .get(id, language)
      .then(setInvoice)
      .catch((e) => setError(messageOf(e, language, t`An error occurred, try again`)));
  }, [id, language, t]);

  return (
    <>
      <Group gap="sm" mb="md" className="no-print">
        <Button component={Link} to="/dashbord/billing" variant="subtle">
          <Trans>Back to billing</Trans>
        </Button>
        <Button onClick={() => window.print()} disabled={!invoice}>
          <Trans>Print</Trans>
        </Button>
        <Button component="a" href={invoicePdfUrl(id, language)} download variant="light">
          <Trans>Download PDF</Trans>
        </Button>
      </Group>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {!invoice && !error && <Loader size="sm" aria-label={t`Loading`} />}
      {invoice && <InvoiceDocument invoice={invoice} />}
    </>
  );
}
