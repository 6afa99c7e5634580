import { Trans, useLingui } from '@lingui/react/macro';
import { Avatar, Text, TextInput, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMemo, useState } from 'react';
import { formatNumber } from '../../lib/format.ts';
import { useLanguage } from '../../state/language.tsx';
import { Icon } from '../../ui/icons.tsx';
import { useChat, useUnread } from './ChatProvider.tsx';
import { badgeText, type Contact, type Team } from './chat-api.ts';
import { useOnlineUsers } from './realtime.tsx';

/** Spec §9: a badge shows at most 9+, in the active language's digits; screen readers hear what it counts. */
export function CountBadge({ count, label, testId }: { count: number; label: string; testId?: string }) {
  const language = useLanguage();
  if (count <= 0) return null;
  const text = badgeText(count, (n) => formatNumber(language, n));
  return (
    <span className="count-badge" data-testid={testId}>
      <span aria-hidden="true">{text}</span>
      <VisuallyHidden>{`${label}: ${text}`}</VisuallyHidden>
    </span>
  );
}

/** A control's accessible name with its count ("Notifications: 3"): an aria-label hides the badge's own text. */
export function countLabel(label: string, count: number, format: (n: number) => string): string {
  return count > 0 ? `${label}: ${badgeText(count, format)}` : label;
}

export function useCountLabel(): (label: string, count: number) => string {
  const language = useLanguage();
  return (label, count) => countLabel(label, count, (n) => formatNumber(language, n));
}

/** Spec §5: contacts are found by a substring of their name (any case). */
export function matchesName(name: string, query: string): boolean {
  const q = query.trim().toLocaleLowerCase();
  return !q || name.toLocaleLowerCase().includes(q);
}

/** The Contacts tab: the user's teams and the people of the account, searchable, with presence and unread badges. */
export function ContactsList() {
  const { t } = useLingui();
  const { teams, contacts, openTeam, openContact } = useChat();
  const unread = useUnread();
  const online = useOnlineUsers();
  const [query, setQuery] = useState('');
  const onlineIds = useMemo(() => new Set(online.map((u) => u.userId)), [online]);
  const shownTeams = teams.filter((team) => matchesName(team.teamName, query));
  const shownContacts = contacts.filter((c) => matchesName(c.name, query));

  return (
    <div className="contacts">
      <TextInput
        type="search"
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        placeholder={t`Search by name`}
        aria-label={t`Search contacts`}
        leftSection={<Icon name="users" size={16} />}
        mb="sm"
      />
      {shownTeams.length > 0 && (
        <section aria-labelledby="chat-teams-heading">
          <h3 className="contacts__heading" id="chat-teams-heading">
            <Trans>Teams</Trans>
          </h3>
          <ul className="contacts__list">
            {shownTeams.map((team) => (
              <li key={team._id}>
                <TeamRow team={team} unread={unread.byTeam.get(team._id) ?? 0} onOpen={() => void openTeam(team)} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="chat-contacts-heading">
        <h3 className="contacts__heading" id="chat-contacts-heading">
          <Trans>Contacts</Trans>
        </h3>
        {shownContacts.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="no-contacts">
            {query.trim() ? <Trans>No contact has this name.</Trans> : <Trans>No one to chat with yet.</Trans>}
          </Text>
        ) : (
          <ul className="contacts__list">
            {shownContacts.map((contact) => (
              <li key={contact.userId}>
                <ContactRow
                  contact={contact}
                  online={onlineIds.has(contact.userId)}
                  unread={unread.byContact.get(contact.userId) ?? 0}
                  onOpen={() => void openContact(contact)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function TeamRow({ team, unread, onOpen }: { team: Team; unread: number; onOpen: () => void }) {
  const { t } = useLingui();
  return (
    <UnstyledButton className="contact-row" onClick={onOpen} data-testid={`team-${team._id}`}>
      <Avatar radius="xl" size="md" color="blue" alt="">
        <Icon name="team" size={18} />
      </Avatar>
      <span className="contact-row__name">
        <bdi>{team.teamName}</bdi>
      </span>
      <CountBadge count={unread} label={t`Unread messages`} testId="unread-badge" />
    </UnstyledButton>
  );
}

function ContactRow({
  contact,
  online,
  unread,
  onOpen,
}: {
  contact: Contact;
  online: boolean;
  unread: number;
  onOpen: () => void;
}) {
  const { t } = useLingui();
  return (
    <UnstyledButton className="contact-row" onClick={onOpen} data-testid={`contact-${contact.userId}`}>
      <span className="presence-avatar">
        <Avatar src={contact.picture} radius="xl" size="md" alt="" name={contact.name} color="initials" />
        <span className="presence-dot" data-online={online || undefined} aria-hidden="true" />
      </span>
      <span className="contact-row__name">
        <bdi>{contact.name}</bdi>
        <span className="contact-row__status" data-testid="presence">
          {online ? <Trans>Online</Trans> : <Trans>Offline</Trans>}
        </span>
      </span>
      <CountBadge count={unread} label={t`Unread messages`} testId="unread-badge" />
    </UnstyledButton>
  );
}
