import { Trans, useLingui } from '@lingui/react/macro';
import type { Locale } from '@majlis/i18n';
import { ActionIcon, Button, Text, Textarea } from '@mantine/core';
import { type KeyboardEvent, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { dayIn, formatMoment, viewZone } from '../../lib/format.ts';
import type { ChatMessage } from '../../lib/socket.ts';
import { useLanguage } from '../../state/language.tsx';
import { Icon } from '../../ui/icons.tsx';
import { type OpenChat, useChat } from './ChatProvider.tsx';
import { chatApi } from './chat-api.ts';
import { useOnlineUsers, useRealtime } from './realtime.tsx';
import { chatSounds } from './sounds.ts';

const PAGE = 50;

/** Spec §5: nothing but spaces and newlines cannot be sent. */
export function canSend(text: string): boolean {
  return text.trim().length > 0;
}

/**
 * Time of a message in the reader's digits and in the one clock (the profile's zone, named when the device's differs);
 * the day too when it is not today there.
 */
export function formatMessageTime(locale: Locale, iso: string, now = new Date(), timeZone = viewZone()): string {
  const date = new Date(iso);
  const sameDay = dayIn(timeZone, date) === dayIn(timeZone, now);
  return formatMoment(
    locale,
    date,
    { hour: 'numeric', minute: '2-digit', ...(sameDay ? {} : { day: 'numeric', month: 'short' }) },
    timeZone,
  );
}

/** Adds messages by id (a repeat is kept once), oldest first. */
function mergeMessages(list: ChatMessage[], more: ChatMessage[]): ChatMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The open conversation: history (paged back, newest last), live messages, presence, and the composer. */
export function ConversationView({ open }: { open: OpenChat }) {
  const { t } = useLingui();
  const language = useLanguage();
  const realtime = useRealtime();
  const { me, contacts, close } = useChat();
  const online = useOnlineUsers();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasEarlier, setHasEarlier] = useState(false);
  const [loading, setLoading] = useState(true);
  const logRef = useRef<HTMLDivElement>(null);
  const stickToEnd = useRef(true);
  const names = useMemo(() => new Map(contacts.map((c) => [c.userId, c.name])), [contacts]);
  const isOnline = open.peerId !== null && online.some((u) => u.userId === open.peerId);

  useEffect(() => {
    let live = true;
    setMessages([]);
    setLoading(true);
    stickToEnd.current = true;
    const off = realtime.on('message', (m) => {
      if (m.conversationId === open.id) setMessages((list) => mergeMessages(list, [m]));
    });
    chatApi
      .history(open.id)
      .then((page) => {
        if (!live) return;
        realtime.seen(page);
        setMessages((list) => mergeMessages(list, page));
        setHasEarlier(page.length >= PAGE);
      })
      .catch(() => {})
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
      off();
    };
  }, [open.id, realtime]);

  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && stickToEnd.current) log.scrollTop = log.scrollHeight;
  });

  const loadEarlier = async () => {
    const first = messages[0];
    if (!first) return;
    stickToEnd.current = false;
    const page = await chatApi.history(open.id, first.id).catch((): ChatMessage[] => []);
    setMessages((list) => mergeMessages(list, page));
    setHasEarlier(page.length >= PAGE);
  };

  const onSent = useCallback((m: ChatMessage) => {
    stickToEnd.current = true;
    setMessages((list) => mergeMessages(list, [m]));
  }, []);

  return (
    <div className="conversation">
      <div className="conversation__head">
        <ActionIcon variant="subtle" color="gray" onClick={close} aria-label={t`Back to contacts`}>
          <Icon name="chevron" size={18} className="back-icon" />
        </ActionIcon>
        <div className="conversation__title">
          <Text fw={700} size="sm" lh={1.3}>
            <bdi>{open.title}</bdi>
          </Text>
          {open.type === 'private' ? (
            <Text size="xs" c="dimmed" data-testid="peer-presence" data-online={isOnline || undefined}>
              <span
                className="presence-dot presence-dot--inline"
                data-online={isOnline || undefined}
                aria-hidden="true"
              />
              {isOnline ? <Trans>Online</Trans> : <Trans>Offline</Trans>}
            </Text>
          ) : (
            <Text size="xs" c="dimmed">
              <Trans>Team conversation</Trans>
            </Text>
          )}
        </div>
      </div>
      <div
        className="conversation__log"
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label={t`Messages`}
        data-testid="message-log"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls; a keyboard user must be able to focus it to scroll (axe: scrollable-region-focusable).
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          stickToEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}
      >
        {hasEarlier && (
          <Button
            variant="subtle"
            size="compact-xs"
            onClick={() => void loadEarlier()}
            className="conversation__earlier"
          >
            <Trans>Earlier messages</Trans>
          </Button>
        )}
        {!loading && messages.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" mt="md">
            <Trans>No messages yet. Say hello!</Trans>
          </Text>
        )}
        {messages.map((m) => {
          const mine = m.sender === me.userId;
          return (
            <div key={m.id} className="bubble" data-mine={mine || undefined} data-testid="message">
              {!mine && open.type === 'team' && (
                <span className="bubble__sender">
                  <bdi>{names.get(m.sender) ?? t`Former member`}</bdi>
                </span>
              )}
              {/* Text, never HTML (React escapes it); dir=auto so an English line reads right in Arabic. */}
              <p className="bubble__text" dir="auto">
                {m.text}
              </p>
              <time className="bubble__time" dateTime={m.createdAt}>
                {formatMessageTime(language, m.createdAt)}
              </time>
            </div>
          );
        })}
      </div>
      <Composer open={open} onSent={onSent} />
    </div>
  );
}

function Composer({ open, onSent }: { open: OpenChat; onSent: (m: ChatMessage) => void }) {
  const { t } = useLingui();
  const realtime = useRealtime();
  const { me } = useChat();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const ready = canSend(text) && !sending;

  const send = async () => {
    if (!ready) return;
    setSending(true);
    setFailed(false);
    const messageId = crypto.randomUUID();
    try {
      const message =
        open.type === 'team' && open.teamId
          ? await realtime.sendTeamMessage({
              senderId: me.userId,
              text,
              messageId,
              conversationId: open.id,
              teamId: open.teamId,
            })
          : await realtime.sendMessage({
              senderId: me.userId,
              receiverId: open.peerId ?? '',
              text,
              messageId,
              conversationId: open.id,
            });
      onSent(message);
      setText('');
      chatSounds.play('send');
    } catch {
      setFailed(true);
    } finally {
      setSending(false);
    }
  };

  /** Spec §5: Enter sends; Shift+Enter is a new line (as is Enter while an IME is composing). */
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <Textarea
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        placeholder={t`Write a message`}
        aria-label={t`Message`}
        rows={2}
        resize="vertical"
        maxLength={4000}
        className="composer__input"
        error={failed ? t`Not sent. Try again.` : undefined}
      />
      <ActionIcon
        type="submit"
        size="lg"
        radius="xl"
        disabled={!ready}
        aria-label={t`Send`}
        data-testid="send-button"
        className="composer__send"
      >
        <SendIcon />
      </ActionIcon>
    </form>
  );
}

/** A paper plane pointing to the end of the line (mirrored in Arabic). */
function SendIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className="mirror"
    >
      <path d="M4 12l16-8-6 16-2-6zM12 14l8-10" />
    </svg>
  );
}
