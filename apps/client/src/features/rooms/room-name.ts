import { useLingui } from '@lingui/react/macro';
import type { TProductRoomName } from '@majlis/contracts/rooms';

/**
 * A room's name in the reader's language (issue 26): a room the product named (the trial room, nameKey) is named from
 * this catalog, so it follows the language chosen here even before the server is asked again; one its users named
 * keeps their name. The words are the server catalog's (server.po trial.roomName, room.defaultName).
 */
export function useRoomName(): (room: { name: string; nameKey?: TProductRoomName | null }) => string {
  const { t } = useLingui();
  return (room) => {
    switch (room.nameKey) {
      case 'trial.roomName':
        return t`Trial room`;
      case 'room.defaultName':
        // the name of a room bought without one, not the field label "Room"
        return t({ message: 'Room', context: 'product room name' });
      default:
        return room.name;
    }
  };
}
