import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Icon, type IconName } from '../ui/icons.tsx';
import { Page } from '../ui/Page.tsx';

export default function HomePage() {
  const { t } = useLingui();
  const features: { icon: IconName; title: string; text: string }[] = [
    {
      icon: 'calendar',
      title: t`Schedule meetings`,
      text: t`Fixed rooms or dated meetings, once or on repeat, in your own time zone.`,
    },
    {
      icon: 'mail',
      title: t`Send invitations`,
      text: t`Invite by e-mail with a calendar file; guests join by link or meeting number.`,
    },
    { icon: 'users', title: t`Track attendance`, text: t`See who joined and left, and export meeting reports.` },
    { icon: 'record', title: t`Record meetings`, text: t`Record automatically and share recordings for download.` },
    { icon: 'chat', title: t`Chat with your team`, text: t`Team and private conversations beside your meetings.` },
    { icon: 'card', title: t`Plans that fit`, text: t`A 7-day free trial, then daily, monthly or annual rooms.` },
  ];
  return (
    <Page title={t`Online meetings and events`}>
      <section className="hero">
        <div className="container hero__grid">
          <div>
            <Title order={1} size="2.4rem" lh={1.3}>
              <Trans>Your meetings, in your language</Trans>
            </Title>
            <Text size="lg" mt="md" c="gray.2">
              <Trans>
                Majlis organises online meetings on trusted video-conferencing services, with a fully mirrored Arabic
                interface and English beside it.
              </Trans>
            </Text>
            <Group mt="xl">
              <Button component={Link} to="/register" size="md" color="yellow" c="dark">
                <Trans>Start your free trial</Trans>
              </Button>
              <Button component={Link} to="/join" size="md" variant="white">
                <Trans>Join a meeting</Trans>
              </Button>
            </Group>
          </div>
          <div className="hero-card">
            <Text fw={700} size="lg">
              <Trans>For individuals and organisations</Trans>
            </Text>
            <Text mt="sm" c="gray.2">
              <Trans>
                An individual account runs one room. An organisation adds users, teams, room assignment and reports.
              </Trans>
            </Text>
            <Text mt="sm" c="gray.2">
              <Trans>Each room comes with 10 GB of storage for recordings.</Trans>
            </Text>
          </div>
        </div>
      </section>
      <section className="section container">
        <Title order={2} ta="center" mb="xl">
          <Trans>Everything a meeting needs</Trans>
        </Title>
        {/* Plain grid and cards: this is the first page, every kilobyte counts. */}
        <div className="feature-grid">
          {features.map((f) => (
            <div key={f.title} className="feature-card">
              <span className="feature-card__icon">
                <Icon name={f.icon} size={24} />
              </span>
              <Title order={3} size="h4" mt="md">
                {f.title}
              </Title>
              <Text c="dimmed" mt={6}>
                {f.text}
              </Text>
            </div>
          ))}
        </div>
      </section>
    </Page>
  );
}
