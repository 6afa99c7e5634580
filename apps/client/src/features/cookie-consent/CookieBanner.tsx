import { Trans } from '@lingui/react/macro';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CookieConsentContext, useConsentChoice } from '../../state/cookie-consent.tsx';

/** Spec §2 banner: shown until the visitor accepts or declines (spec §4). */
export function CookieBanner() {
  const open = CookieConsentContext.useSelector((s) => s.matches('unknown'));
  const choose = useConsentChoice();
  if (!open) return null;
  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-title" data-testid="cookie-banner">
      <div className="cookie-banner__text">
        <Text fw={700} id="cookie-banner-title">
          <Trans>This website uses cookies</Trans>
        </Text>
        <Text size="sm" className="cookie-banner__long">
          <Trans>
            We use cookies to personalise content and ads, to provide social media features and to analyse our traffic.
            We also share information about your use of our site with our social media, advertising and analytics
            partners.
          </Trans>
        </Text>
        <Anchor component={Link} to="/home/privacy" c="yellow.3" size="sm">
          <Trans>Cookie policy</Trans>
        </Anchor>
      </div>
      <Group gap="sm" wrap="nowrap" className="cookie-banner__buttons">
        <Button color="yellow" c="dark" onClick={() => choose('accepted')}>
          <Trans>I understand</Trans>
        </Button>
        <Button variant="outline" color="gray.0" onClick={() => choose('declined')}>
          <Trans>I decline</Trans>
        </Button>
      </Group>
    </section>
  );
}
