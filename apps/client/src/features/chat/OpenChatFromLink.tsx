import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useChat } from './ChatProvider.tsx';

/**
 * A notification's chat link (/dashbord/meeting?chatUser=<id> or ?chatTeam=<id>, core notify-users.ts chatLink) opens
 * the chat panel on that conversation once the contacts or teams are known, then leaves the address clean.
 */
export function OpenChatFromLink({ onShow }: { onShow: () => void }) {
  const [params, setParams] = useSearchParams();
  const { contacts, teams, openContact, openTeam } = useChat();
  const userId = params.get('chatUser');
  const teamId = params.get('chatTeam');
  useEffect(() => {
    if (!userId && !teamId) return;
    const contact = userId ? contacts.find((c) => c.userId === userId) : undefined;
    const team = teamId ? teams.find((t) => t._id === teamId) : undefined;
    if (!contact && !team) return; // not listed (yet): the lists come over the socket
    onShow();
    void (contact ? openContact(contact) : team ? openTeam(team) : Promise.resolve()).catch(() => {});
    setParams(
      (p) => {
        p.delete('chatUser');
        p.delete('chatTeam');
        return p;
      },
      { replace: true },
    );
  }, [userId, teamId, contacts, teams, openContact, openTeam, onShow, setParams]);
  return null;
}
