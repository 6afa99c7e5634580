import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, NavLink, useLocation } from 'react-router';
import { useContactConfig, whatsappHref } from '../features/contact/contact-config.ts';
import { LanguageMenu } from '../features/language/LanguageMenu.tsx';
import { formatPhone } from '../lib/format.ts';
import { useLanguage } from '../state/language.tsx';
import { SessionContext, useSessionUser } from '../state/session.tsx';
import { BrandIcon, Icon } from '../ui/icons.tsx';
import { Logo } from '../ui/Logo.tsx';

const LOGIN_PAGES = ['/login', '/password/forgot', '/password/reset'];

/** Spec §2 public top bar: support line, language, site links, and the sign-in rules. */
export function PublicBar() {
  const { t } = useLingui();
  const contact = useContactConfig();
  const language = useLanguage();
  const user = useSessionUser();
  const session = SessionContext.useActorRef();
  const { pathname } = useLocation();
  const [menuOpen, { toggle, close }] = useDisclosure(false);
  const showLogin = pathname !== '/login' && !LOGIN_PAGES.includes(pathname);
  // Also on /register/confirm: whoever opens the e-mailed link is already registering.
  const showRegister = !pathname.startsWith('/register');

  const links = [
    { to: '/', label: t`Home` },
    { to: '/home/whoarewe', label: t`Who we are` },
    { to: '/home/pricing', label: t`Pricing` },
    { to: '/join', label: t`Join a meeting` },
    { to: '/home/contact', label: t`Contact us` },
  ];

  return (
    <header className="public-bar">
      <div className="support-strip">
        <div className="container support-strip__inner">
          <Group gap="md" wrap="nowrap" className="support-strip__links">
            {contact?.phoneMs && (
              <Anchor href={`tel:${contact.phoneMs}`} c="gray.0" size="sm" className="ltr-value">
                <Icon name="phone" size={14} />{' '}
                <bdi dir="ltr" className="support-strip__text">
                  {formatPhone(language, contact.phoneMs)}
                </bdi>
              </Anchor>
            )}
            {contact?.email && (
              <Anchor href={`mailto:${contact.email}`} c="gray.0" size="sm" className="ltr-value">
                <Icon name="mail" size={14} />{' '}
                <bdi dir="ltr" className="support-strip__text">
                  {contact.email}
                </bdi>
              </Anchor>
            )}
            {(contact?.whatsapp || contact?.phoneMs) && (
              <Anchor
                href={whatsappHref(contact.whatsapp || contact.phoneMs)}
                target="_blank"
                rel="noopener noreferrer"
                c="gray.0"
                size="sm"
              >
                <BrandIcon name="whatsapp" size={14} />{' '}
                <span className="support-strip__text">
                  <Trans>Chat with us on WhatsApp</Trans>
                </span>
              </Anchor>
            )}
          </Group>
          <LanguageMenu />
        </div>
      </div>
      <nav className="container main-nav" aria-label={t`Main`}>
        <Link to="/" className="brand">
          <Logo />
        </Link>
        <button
          type="button"
          className="menu-button"
          onClick={toggle}
          aria-expanded={menuOpen}
          aria-label={t`Open menu`}
        >
          <Icon name="menu" />
        </button>
        <div className="main-nav__links" data-open={menuOpen || undefined}>
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} end className="nav-link" onClick={close}>
              {l.label}
            </NavLink>
          ))}
        </div>
        <Group gap="xs" className="main-nav__auth" wrap="nowrap">
          {user ? (
            <>
              <Button
                component={Link}
                to="/dashbord/meeting"
                size="sm"
                leftSection={<Icon name="dashboard" size={16} />}
              >
                <Trans>Control board</Trans>
              </Button>
              <Button variant="default" size="sm" onClick={() => session.send({ type: 'LOGOUT' })}>
                <Trans>Log out</Trans>
              </Button>
            </>
          ) : (
            <>
              {showLogin && (
                <Button component={Link} to="/login" variant="default" size="sm">
                  <Trans>Sign in</Trans>
                </Button>
              )}
              {showRegister && (
                <Button component={Link} to="/register" size="sm">
                  <Trans>New account</Trans>
                </Button>
              )}
            </>
          )}
        </Group>
      </nav>
      {menuOpen && (
        <div className="container mobile-links">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} end className="nav-link" onClick={close}>
              {l.label}
            </NavLink>
          ))}
        </div>
      )}
    </header>
  );
}
