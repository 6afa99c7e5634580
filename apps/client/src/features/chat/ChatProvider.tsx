import { type ChatMessageRef, chatMachine, type OpenConversation } from '@majlis/machines';
import { createActorContext } from '@xstate/react';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { inspect } from '../../lib/inspect.ts';
import { type Contact, chatApi, type Team } from './chat-api.ts';
import { useRealtime } from './realtime.tsx';
import { chatSounds } from './sounds.ts';

export const ChatActorContext = createActorContext(chatMachine);

export type ChatTab = 'contacts' | 'chat';

/** What is open, with what the header shows (name, and for a private chat the contact). */
export interface OpenChat extends OpenConversation {
  title: string;
  contact: Contact | null;
}

interface ChatData {
  me: { userId: string; ownerId: string };
  teams: Team[];
  contacts: Contact[];
  tab: ChatTab;
  setTab: (tab: ChatTab) => void;
  open: OpenChat | null;
  openTeam: (team: Team) => Promise<void>;
  openContact: (contact: Contact) => Promise<void>;
  close: () => void;
}

const ChatDataContext = createContext<ChatData | null>(null);

export function useChat(): ChatData {
  const value = useContext(ChatDataContext);
  if (!value) throw new Error('useChat outside ChatProvider');
  return value;
}

/** Unread records of the user, for badges: per team, per private contact, and in all. */
export function useUnread() {
  const unread = ChatActorContext.useSelector((s) => s.context.unread);
  return useMemo(() => {
    const byTeam = new Map<string, number>();
    const byContact = new Map<string, number>();
    for (const m of unread) {
      if (m.type === 'team' && m.teamId) byTeam.set(m.teamId, (byTeam.get(m.teamId) ?? 0) + 1);
      if (m.type === 'private') byContact.set(m.sender, (byContact.get(m.sender) ?? 0) + 1);
    }
    return { total: unread.length, byTeam, byContact };
  }, [unread]);
}

const toRef = (m: ChatMessageRef): ChatMessageRef => ({
  id: m.id,
  sender: m.sender,
  type: m.type,
  messageId: m.messageId,
  conversationId: m.conversationId,
  teamId: m.teamId,
});

function ChatBridge({ visible, children }: { visible: boolean; children: ReactNode }) {
  const actor = ChatActorContext.useActorRef();
  const realtime = useRealtime();
  useEffect(() => {
    actor.send({ type: 'unread.changed' });
    const offs = [
      realtime.on('message', (m) => actor.send({ type: 'message.received', message: toRef(m) })),
      realtime.on('readed', () => actor.send({ type: 'unread.changed' })),
      // Back after a drop: what was missed meanwhile was replayed; the records may have changed too.
      realtime.on('status', (s) => {
        if (s.connected) actor.send({ type: 'unread.changed' });
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [actor, realtime]);
  useEffect(() => {
    actor.send({ type: visible ? 'chat.show' : 'chat.hide' });
  }, [actor, visible]);
  // The server runs the same chart from these reports and decides read or unread at delivery (issue 17).
  useEffect(() => {
    const report = (s: ReturnType<typeof actor.getSnapshot>) =>
      realtime.chatState({
        visible: s.matches({ visibility: 'visible' }),
        conversationId: s.context.conversation?.id ?? null,
      });
    report(actor.getSnapshot());
    const sub = actor.subscribe(report);
    return () => sub.unsubscribe();
  }, [actor, realtime]);
  return <>{children}</>;
}

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

interface ChatProps {
  me: { userId: string; ownerId: string };
  enabled: boolean;
  panelOpen: boolean;
  children: ReactNode;
}

/**
 * Team chat state for the dashboard (spec §2, §4): the chat statechart (read/unread rules), the teams and contacts,
 * the tab and the open conversation. The chat counts as visible while the panel is shown on its Chat tab and the
 * page itself is visible.
 */
export function ChatProvider({ me, enabled, panelOpen, children }: ChatProps) {
  const realtime = useRealtime();
  const { userId, ownerId } = me;

  const logic = useMemo(
    () =>
      chatMachine.provide({
        actions: {
          // The server clears the conversation's unread records on reading-messages (and its chart on chat-state).
          readConversation: (_, { conversation }) => {
            realtime.readingMessages({
              senderId: conversation.peerId ?? userId,
              ownerId,
              conversationId: conversation.id,
            });
          },
          // Read or unread is the server's (issue 17): it stored the message unread at send, and its chat chart, told
          // this page's state (chat-state below), reads what arrives in the conversation open here. Posting either
          // again only cost queries, and an unread from a hidden tab undid a read made on another device.
          markRead: () => {},
          markUnread: () => {},
          loadUnread: ({ self }) => {
            void chatApi.unread().then((records) => {
              realtime.seen(records);
              self.send({ type: 'unread.loaded', unread: records.map(toRef) });
            });
          },
          playReceived: () => chatSounds.play('receive'),
        },
      }),
    [realtime, userId, ownerId],
  );

  const options = useMemo(() => ({ input: { userId }, inspect }), [userId]);

  return (
    <ChatActorContext.Provider logic={logic} options={options}>
      <ChatState me={me} enabled={enabled} panelOpen={panelOpen}>
        {children}
      </ChatState>
    </ChatActorContext.Provider>
  );
}

/**
 * The lists, the tab and the commands of the chat panel. The open conversation is the statechart's (its context),
 * with what the header shows beside it: the panel reads it from there, and opening or closing is an event to it.
 */
function ChatState({ me, enabled, panelOpen, children }: ChatProps) {
  const realtime = useRealtime();
  const actor = ChatActorContext.useActorRef();
  const [teams, setTeams] = useState<Team[]>([]);
  const [contacts, setContacts] = useState<Contact[]>([]);
  const [tab, setTab] = useState<ChatTab>('contacts');
  // Only this component opens conversations, always with an OpenChat: the chart keeps the object it was given.
  const open = ChatActorContext.useSelector((s) => s.context.conversation as OpenChat | null);
  const pageVisible = usePageVisible();
  const { userId, ownerId } = me;

  /** Opening the conversation already open (a new object, the same id) must not read it again in the chart. */
  const show = useCallback(
    (next: OpenChat) => {
      if (actor.getSnapshot().context.conversation?.id !== next.id)
        actor.send({ type: 'conversation.open', conversation: next });
      setTab('chat');
    },
    [actor],
  );

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void Promise.all([chatApi.teams(), chatApi.contacts()]).then(([t, c]) => {
      if (!live) return;
      setTeams(t);
      setContacts(c);
      for (const team of t) realtime.joinTeam({ teamName: team.teamName, teamId: team._id });
    });
    return () => {
      live = false;
    };
  }, [enabled, realtime]);

  // Team setup changed what this user sees (added to or taken out of a team, a team renamed or deleted): the new
  // list comes over the socket; an open conversation of a team no longer seen closes.
  useEffect(() => {
    if (!enabled) return;
    return realtime.on('teams', (list) => {
      setTeams(list);
      for (const team of list) realtime.joinTeam({ teamName: team.teamName, teamId: team._id });
      const current = actor.getSnapshot().context.conversation;
      if (current?.type === 'team' && !list.some((team) => team._id === current.teamId))
        actor.send({ type: 'conversation.close' });
    });
  }, [enabled, realtime, actor]);

  const openTeam = useCallback(
    async (team: Team) => {
      const conversation = await chatApi.openTeam(team._id, ownerId);
      show({
        id: conversation._id,
        type: 'team',
        teamId: team._id,
        peerId: null,
        title: team.teamName,
        contact: null,
      });
    },
    [ownerId, show],
  );
  const openContact = useCallback(
    async (contact: Contact) => {
      const conversation = await chatApi.openPrivate(userId, contact.userId, ownerId);
      show({
        id: conversation._id,
        type: 'private',
        teamId: null,
        peerId: contact.userId,
        title: contact.name,
        contact,
      });
    },
    [userId, ownerId, show],
  );
  const close = useCallback(() => {
    actor.send({ type: 'conversation.close' });
    setTab('contacts');
  }, [actor]);

  const data = useMemo<ChatData>(
    () => ({ me: { userId, ownerId }, teams, contacts, tab, setTab, open, openTeam, openContact, close }),
    [userId, ownerId, teams, contacts, tab, open, openTeam, openContact, close],
  );

  return (
    <ChatDataContext.Provider value={data}>
      <ChatBridge visible={enabled && panelOpen && tab === 'chat' && pageVisible}>{children}</ChatBridge>
    </ChatDataContext.Provider>
  );
}
