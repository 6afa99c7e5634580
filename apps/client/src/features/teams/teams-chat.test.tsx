import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChatPanel } from '../../layouts/dash/ChatPanel.tsx';
import { fakeBff, renderWithProviders } from '../../test/harness.tsx';
import { ChatProvider } from '../chat/ChatProvider.tsx';
import { FakeRealtime } from '../chat/fake-realtime.ts';
import { RealtimeProvider } from '../chat/realtime.tsx';

const me = { userId: 'u-me', ownerId: 'acc-1' };
const design = { _id: '7a2d4c10-0000-4000-8000-000000000001', teamName: 'فريق التصميم' };
const launch = { _id: '7a2d4c10-0000-4000-8000-000000000002', teamName: 'فريق الإطلاق' };

describe('team changes in the chat contacts, live', () => {
  it('a team the user is added to appears at once, joined; one taken away disappears', async () => {
    localStorage.setItem('MajlisLang', 'Ar');
    fakeBff({
      'GET /api/csrf-token': { body: { getCsrfToken: 't' } },
      'GET /api/teams': { body: [design] },
      'GET /api/chat/users': { body: [] },
      'GET /api/chat/message/status/unread': { body: [] },
    });
    const realtime = new FakeRealtime();
    await renderWithProviders(
      <RealtimeProvider me={me} client={realtime}>
        <ChatProvider me={me} enabled panelOpen>
          <ChatPanel onClose={() => {}} />
        </ChatProvider>
      </RealtimeProvider>,
    );
    await screen.findByText(design.teamName);
    expect(screen.queryByText(launch.teamName)).toBeNull();

    act(() => realtime.teamsChanged([design, launch]));
    expect(await screen.findByText(launch.teamName)).toBeTruthy();
    // Asked for at the next reconnect too.
    expect(realtime.sent).toContainEqual({
      event: 'join_team',
      payload: { teamName: launch.teamName, teamId: launch._id },
    });

    act(() => realtime.teamsChanged([launch]));
    await waitFor(() => expect(screen.queryByText(design.teamName)).toBeNull());
    expect(screen.getByText(launch.teamName)).toBeTruthy();
  });
});
