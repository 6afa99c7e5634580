import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { type ContactConfig, useContactConfig } from '../features/contact/contact-config.ts';
import { formatNumber, formatPhone, showDigits } from '../lib/format.ts';
import { useLanguage } from '../state/language.tsx';
import { BrandIcon, type BrandName, Icon } from '../ui/icons.tsx';

/** Company registration year (spec §9). */
export const FOUNDED_YEAR = 2022;
const SOCIAL: BrandName[] = ['facebook', 'twitter', 'linkedin', 'youtube'];

export function Footer() {
  const { t } = useLingui();
  const contact = useContactConfig();
  const language = useLanguage();
  // Years in the reader's digits, ungrouped: "© ٢٠٢٢–٢٠٢٦", never Latin years in an Arabic-Indic page.
  const FOUNDED = formatNumber(language, FOUNDED_YEAR, { useGrouping: false });
  const year = formatNumber(language, new Date().getFullYear(), { useGrouping: false });
  const names: Record<BrandName, string> = {
    facebook: 'Facebook',
    twitter: 'X (Twitter)',
    linkedin: 'LinkedIn',
    youtube: 'YouTube',
    whatsapp: 'WhatsApp',
  };
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div>
          <Text fw={700} mb={6}>
            <Trans>Majlis</Trans>
          </Text>
          <Text size="sm" c="gray.4">
            <Trans>Online meetings and events, in Arabic and English.</Trans>
          </Text>
          <Text size="sm" c="gray.4" mt="xs">
            <Trans>Partners: Paymob for card payments, BigBlueButton for video conferencing.</Trans>
          </Text>
        </div>
        <nav aria-label={t`Company`}>
          <ul className="footer-links">
            <li>
              <Anchor component={Link} to="/home/whoarewe" c="gray.2" size="sm">
                <Trans>Who we are</Trans>
              </Anchor>
            </li>
            <li>
              <Anchor component={Link} to="/home/conditions" c="gray.2" size="sm">
                <Trans>Terms and conditions</Trans>
              </Anchor>
            </li>
            <li>
              <Anchor component={Link} to="/home/privacy" c="gray.2" size="sm">
                <Trans>Privacy and cookies</Trans>
              </Anchor>
            </li>
            <li>
              <Anchor component={Link} to="/home/contact" c="gray.2" size="sm">
                <Trans>Suggestions and complaints</Trans>
              </Anchor>
            </li>
          </ul>
        </nav>
        <div>
          {contact && <SupportLines contact={contact} language={language} />}
          <Group gap="xs" mt="sm">
            {contact &&
              SOCIAL.filter((s) => contact[s as keyof ContactConfig]).map((s) => (
                <a
                  key={s}
                  className="social-link"
                  href={contact[s as keyof ContactConfig] as string}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={names[s]}
                >
                  <BrandIcon name={s} />
                </a>
              ))}
          </Group>
        </div>
      </div>
      <div className="container site-footer__bottom">
        {contact?.taxNumber && (
          <Text size="xs" c="gray.4">
            <Trans>
              Tax registration number: <bdi dir="ltr">{showDigits(language, contact.taxNumber)}</bdi>
            </Trans>
          </Text>
        )}
        <Text size="xs" c="gray.4">
          <Trans>
            © {FOUNDED}–{year} Majlis. All rights reserved.
          </Trans>
        </Text>
      </div>
    </footer>
  );
}

function SupportLines({ contact, language }: { contact: ContactConfig; language: 'ar' | 'en' }) {
  return (
    <>
      <Anchor href={`tel:${contact.phoneMs}`} c="gray.2" size="sm" display="block">
        <Icon name="phone" size={14} /> <bdi dir="ltr">{formatPhone(language, contact.phoneMs)}</bdi>
      </Anchor>
      <Anchor href={`mailto:${contact.email}`} c="gray.2" size="sm" display="block">
        <Icon name="mail" size={14} /> <bdi dir="ltr">{contact.email}</bdi>
      </Anchor>
      {contact.address && (
        <Text size="sm" c="gray.4" mt={4}>
          {contact.address[language]}
        </Text>
      )}
    </>
  );
}
