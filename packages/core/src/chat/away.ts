/**
 * Who is in an account's chat: a socket of theirs there said addUser, on any instance. The realtime layer supplies it
 * (the BFF's socket.io presence, registered on the runtime); a process without a socket server has none, and then
 * every reader is away.
 */
export interface ChatPresence {
  /** As last computed by any instance (shared over the bus); null when this process has not heard of the account. */
  known(accountId: string): ReadonlySet<string> | null;
  /** Which of these users are in the chat, asked of every instance at once: one round trip for all of a message's readers. */
  ask(accountId: string, userIds: string[]): Promise<ReadonlySet<string>>;
}

/**
 * The away decision (spec §3 chat notifications): of a message's readers, those in the chat see it there (and need no
 * digest e-mail of it later); the others are away and are told by a notification now, by the digest e-mail later.
 */
export function splitReaders(
  readers: readonly string[],
  here: ReadonlySet<string>,
): { here: string[]; away: string[] } {
  const split = { here: [] as string[], away: [] as string[] };
  for (const id of readers) (here.has(id) ? split.here : split.away).push(id);
  return split;
}

/** Who of the account is in the chat, for the send: known, the away check is made in the statement that stores it. */
export function knownHere(presence: ChatPresence | undefined, accountId: string): ReadonlySet<string> | undefined {
  return presence?.known(accountId) ?? undefined;
}

/** Which of these users are in the chat: as known when it is (no round trip), else asked; without presence, none. */
export async function whoIsHere(
  presence: ChatPresence | undefined,
  accountId: string,
  userIds: string[],
): Promise<ReadonlySet<string>> {
  if (!presence) return new Set();
  const known = presence.known(accountId);
  return known ? new Set(userIds.filter((id) => known.has(id))) : presence.ask(accountId, userIds);
}
