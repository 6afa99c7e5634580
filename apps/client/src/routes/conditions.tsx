import { Trans, useLingui } from '@lingui/react/macro';
import { List, Title } from '@mantine/core';
import { Page } from '../ui/Page.tsx';

/** Terms of use: the rules of spec §1 and §5, written out. */
export default function ConditionsPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Terms and conditions`}>
      <article className="section container prose">
        <Title order={1}>
          <Trans>Terms and conditions</Trans>
        </Title>
        <Title order={2} size="h3">
          <Trans>Your account</Trans>
        </Title>
        <List spacing="xs">
          <List.Item>
            <Trans>You must be over 12 years old to create an account.</Trans>
          </List.Item>
          <List.Item>
            <Trans>Each person may hold one account only.</Trans>
          </List.Item>
          <List.Item>
            <Trans>The details of your account must be accurate and kept up to date.</Trans>
          </List.Item>
          <List.Item>
            <Trans>Keep your password private; you are responsible for what happens under your account.</Trans>
          </List.Item>
        </List>
        <Title order={2} size="h3">
          <Trans>Suspension and closure</Trans>
        </Title>
        <p>
          <Trans>
            We may suspend an account and ask for identity documents or for proof of ownership of a payment account. We
            may ban accounts permanently, without notice, when these terms are broken.
          </Trans>
        </p>
        <Title order={2} size="h3">
          <Trans>Plans and rooms</Trans>
        </Title>
        <p>
          <Trans>
            An individual account is limited to one room. Each room comes with 10 GB of storage. Moving from an
            individual to an organisation account cannot be undone.
          </Trans>
        </p>
      </article>
    </Page>
  );
}
