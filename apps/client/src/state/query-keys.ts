/**
 * Every query key of the client, in one place: a page reads with one of these, and a write or a socket event
 * invalidates by the same key (or its prefix), so the two cannot drift apart.
 */
export const queryKeys = {
  account: {
    all: ['account'] as const,
    /** The dashboard's account block (owner, permission, type, billing, trial, user info) of one signed-in user. */
    data: (userId: string, ownerId: string) => ['account', 'data', userId, ownerId] as const,
    /** The storage block alone: rooms and storage notifications change it. */
    storage: ['account', 'storage'] as const,
    users: ['account', 'users'] as const,
  },
  meetings: {
    all: ['meetings'] as const,
    list: (q: { tab: string; page: number; pageSize: number; q: string }) => ['meetings', 'list', q] as const,
    occurrences: (id: string) => ['meetings', 'occurrences', id] as const,
    /** Whether the user's calendar feed exists (issue 31). */
    feed: ['meetings', 'feed'] as const,
  },
  rooms: {
    all: ['rooms'] as const,
    list: ['rooms', 'list'] as const,
    types: ['rooms', 'types'] as const,
  },
  /** A change on the users page invalidates `all`: the list, the invitations and the activity read again. */
  users: {
    all: ['users'] as const,
    list: (q: { page: number; pageSize: number; q: string }) => ['users', 'list', q] as const,
    invitations: ['users', 'invitations'] as const,
    audit: ['users', 'audit'] as const,
  },
  teams: {
    all: ['teams'] as const,
    list: ['teams', 'list'] as const,
    candidates: ['teams', 'candidates'] as const,
  },
  recordings: {
    all: ['recordings'] as const,
    list: (f: { page: number; pageSize: number; q: string; from: string; to: string }) =>
      ['recordings', 'list', f] as const,
  },
  billing: {
    all: ['billing'] as const,
    subscriptions: ['billing', 'subscriptions'] as const,
    orders: ['billing', 'orders'] as const,
    invoices: ['billing', 'invoices'] as const,
    trial: ['billing', 'trial'] as const,
    /** `again`: read again when it changes (the banner passes the page's path). */
    institutionMonth: (again: unknown = null) => ['billing', 'institution-month', again] as const,
  },
  reports: {
    all: ['reports'] as const,
    meetings: (f: object) => ['reports', 'meetings', f] as const,
    rooms: (range: { from?: string; to?: string }) => ['reports', 'rooms', range] as const,
    users: (range: { from?: string; to?: string }) => ['reports', 'users', range] as const,
    attendance: (id: string, f: object) => ['reports', 'attendance', id, f] as const,
  },
  profile: {
    all: ['profile'] as const,
    sessions: ['profile', 'sessions'] as const,
    institution: ['profile', 'institution'] as const,
    /** This user's devices registered for Web Push (issue 31). */
    devices: ['profile', 'devices'] as const,
    sso: ['profile', 'sso'] as const,
    /** The institution's verified domains, and the people waiting to join by one (issue 30). */
    domains: ['profile', 'domains'] as const,
    joinRequests: ['profile', 'join-requests'] as const,
  },
} as const;
