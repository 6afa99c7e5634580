import { Trans, useLingui } from '@lingui/react/macro';
import { Title } from '@mantine/core';
import { Page } from '../ui/Page.tsx';

export default function WhoAreWePage() {
  const { t } = useLingui();
  return (
    <Page title={t`Who we are`}>
      <article className="section container prose">
        <Title order={1}>
          <Trans>Who we are</Trans>
        </Title>
        <Title order={2} size="h3">
          <Trans>Our story</Trans>
        </Title>
        <p>
          <Trans>
            Majlis was founded in 2022 to give Arabic speakers an online meeting place that reads the way they do: right
            to left, in their own language, with English one click away.
          </Trans>
        </p>
        <Title order={2} size="h3">
          <Trans>What we do</Trans>
        </Title>
        <p>
          <Trans>
            We organise meetings on trusted video-conferencing services. You create and schedule meetings, send
            invitations, track attendance, record, and chat with your team; we look after rooms, plans and storage.
          </Trans>
        </p>
        <Title order={2} size="h3">
          <Trans>Who it is for</Trans>
        </Title>
        <p>
          <Trans>
            Individuals who need one room of their own, and organisations that manage users, teams, rooms and reports in
            one place.
          </Trans>
        </p>
      </article>
    </Page>
  );
}
