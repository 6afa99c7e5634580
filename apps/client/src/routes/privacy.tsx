import { Trans, useLingui } from '@lingui/react/macro';
import { Title } from '@mantine/core';
import { Page } from '../ui/Page.tsx';

/** Privacy statement; also the cookie policy the banner links to. */
export default function PrivacyPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Privacy policy`}>
      <article className="section container prose">
        <Title order={1}>
          <Trans>Privacy policy</Trans>
        </Title>
        <Title order={2} size="h3">
          <Trans>What we collect</Trans>
        </Title>
        <p>
          <Trans>
            Your name, e-mail address and phone number when you register; the meetings, rooms and recordings you create;
            and the messages you send to your team.
          </Trans>
        </p>
        <Title order={2} size="h3">
          <Trans>How we use it</Trans>
        </Title>
        <p>
          <Trans>
            To run your meetings, send invitations and notifications, bill your plan, and keep your account safe. We do
            not sell your data.
          </Trans>
        </p>
        <Title order={2} size="h3" id="cookies">
          <Trans>Cookies</Trans>
        </Title>
        <p>
          <Trans>
            We use cookies to keep you signed in, to remember your language, and, only if you accept them, to
            personalise content and ads, provide social media features and analyse our traffic. Information about your
            use of the site may then be shared with our social media, advertising and analytics partners. You can
            decline these cookies in the banner; the site keeps working.
          </Trans>
        </p>
        <Title order={2} size="h3">
          <Trans>Your choices</Trans>
        </Title>
        <p>
          <Trans>
            You can see and correct your details in your profile, and ask us to close your account at any time.
          </Trans>
        </p>
      </article>
    </Page>
  );
}
