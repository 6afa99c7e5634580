import type {
  ChatMessage,
  NotificationView,
  OnlineUser,
  RealtimeClient,
  RealtimeStatus,
  Team,
} from '../../lib/socket.ts';

/** A socket for component tests: the test pushes server events in and reads what the client sent. */
export class FakeRealtime implements RealtimeClient {
  readonly sent: Array<{ event: string; payload: unknown }> = [];
  private users: OnlineUser[] = [];
  private state: RealtimeStatus = { connected: true, lastPong: null };
  private readonly listeners = new Map<string, Set<(arg: never) => void>>();
  readonly seenIds = new Set<number>();
  nextId = 1000;

  status = () => this.state;
  onlineUsers = () => this.users;
  on(event: string, fn: (arg: never) => void) {
    const set = this.listeners.get(event) ?? new Set();
    set.add(fn);
    this.listeners.set(event, set);
    return () => {
      set.delete(fn);
    };
  }
  private fire(event: string, arg: unknown) {
    for (const fn of this.listeners.get(event) ?? []) (fn as (a: unknown) => void)(arg);
  }
  connect() {}
  disconnect() {}
  seen(list: Array<{ id: number }>) {
    for (const m of list) this.seenIds.add(m.id);
  }
  joinTeam(p: unknown) {
    this.sent.push({ event: 'join_team', payload: p });
  }
  readingMessages(p: unknown) {
    this.sent.push({ event: 'reading-messages', payload: p });
  }
  chatState(p: unknown) {
    this.sent.push({ event: 'chat-state', payload: p });
  }
  async sendMessage(p: { senderId: string; text: string; messageId?: string; conversationId?: string }) {
    this.sent.push({ event: 'sendMessage', payload: p });
    return this.stored(p, 'private', null);
  }
  async sendTeamMessage(p: {
    senderId: string;
    text: string;
    messageId?: string;
    conversationId?: string;
    teamId: string;
  }) {
    this.sent.push({ event: 'sendTeamMessage', payload: p });
    return this.stored(p, 'team', p.teamId);
  }
  private stored(
    p: { senderId: string; text: string; messageId?: string; conversationId?: string },
    type: 'team' | 'private',
    teamId: string | null,
  ): ChatMessage {
    const id = this.nextId++;
    return {
      id,
      _id: String(id),
      sender: p.senderId,
      text: p.text,
      type,
      messageId: p.messageId ?? String(id),
      conversationId: p.conversationId ?? '',
      teamId,
      ownerId: 'acc-1',
      createdAt: new Date().toISOString(),
    };
  }

  // What the server does:
  /** No dropping of repeats here: the model may deliver the same message twice on purpose. */
  deliver(m: ChatMessage) {
    this.fire('message', m);
  }
  notify(n: NotificationView) {
    this.fire('notification', n);
  }
  /** Another device of the user dismissed it (notification.dismissed). */
  notificationDismissed(id: number) {
    this.fire('notificationDismissed', id);
  }
  /** The user read all on some device (notifications.read). */
  notificationsRead() {
    this.fire('notificationsRead', undefined);
  }
  /** Team setup changed what the user sees (the server's teams-changed). */
  teamsChanged(teams: Team[]) {
    this.fire('teams', teams);
  }
  setOnline(users: OnlineUser[]) {
    this.users = users;
    this.fire('users', users);
  }
  /** The server ended the session (session.ended), just before it cuts the socket. */
  sessionEnded(reason: string) {
    this.fire('ended', reason);
  }
  readed(conversationId: string) {
    this.fire('readed', { conversationId, readerId: 'someone', ownerId: 'acc-1' });
  }
}
