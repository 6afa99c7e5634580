import { Trans } from '@lingui/react/macro';
import { Anchor, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { CookieConsentContext, useConsentChoice } from '../../state/cookie-consent.tsx';

/** Spec §2 banner: shown until the visitor accepts or declines (spec §4). */
export function CookieBanner() {
  const open = CookieConsentContext.useSelector((s) => s.matches('unknown'));
  const choose = useConsentChoice();
  const phone = useMediaQuery('(max-width: 575px)', false, { getInitialValueInEffect: false }) ?? false;
  const [expanded, setExpanded] = useState(false);
  if (!open) return null;
  const explanation = (
    <Trans>
      We use cookies to personalise content and ads, to provide social media features and to analyse our traffic. We
      also share information about your use of our site with our social media, advertising and analytics partners.
    </Trans>
  );
  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-title" data-testid="cookie-banner">
      <div className="cookie-banner__text">
        <Text fw={700} id="cookie-banner-title">
          <Trans>This website uses cookies</Trans>
        </Text>
        {phone ? (
          // Spec §2's explanation stays on a phone (issue 26: it was hidden there): its first two lines, the rest a
          // tap away, so the banner keeps to the bottom fifth of the screen.
          <UnstyledButton
            className="cookie-banner__long"
            data-expanded={expanded || undefined}
            aria-expanded={expanded}
            onClick={() => setExpanded((e) => !e)}
            data-testid="cookie-banner-explanation"
          >
            {explanation}
          </UnstyledButton>
        ) : (
          <Text size="sm" className="cookie-banner__long" data-testid="cookie-banner-explanation">
            {explanation}
          </Text>
        )}
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
