import { describe, expect, it } from 'vitest';
import { Jitsi } from './jitsi.ts';
import { verifyJwt } from './jwt.ts';
import { providerMeeting } from './provider-meeting.test-data.ts';

describe('Jitsi join links', () => {
  it('carries an HS256 JWT with the room, the user and the moderator flag when an app secret is set', async () => {
    const jitsi = new Jitsi({ baseUrl: 'https://meet.example/', appId: 'majlis-app', appSecret: 'jitsi-secret' });
    const meeting = providerMeeting({ options: { ...providerMeeting().options, waitingRoom: true } });
    const url = new URL(
      await jitsi.joinUrl(meeting, { fullName: 'هدى', userId: 'u-1', role: 'moderator', guest: false }),
    );
    const room = jitsi.roomName(meeting);
    expect(url.pathname).toBe(`/${room}`);
    const claims = await verifyJwt(url.searchParams.get('jwt') as string, 'jitsi-secret');
    expect(claims).toMatchObject({
      iss: 'majlis-app',
      aud: 'jitsi',
      sub: 'meet.example',
      room,
      context: {
        user: { id: 'u-1', name: 'هدى', moderator: 'true' },
        features: { lobby: 'true', recording: 'true' },
      },
    });
    expect(Number(claims?.exp) - Number(claims?.nbf)).toBeGreaterThan(3600);
    expect(await verifyJwt(url.searchParams.get('jwt') as string, 'other')).toBeNull();
  });

  it('has no token without an app secret', async () => {
    const url = await new Jitsi({ baseUrl: 'https://meet.jit.si' }).joinUrl(providerMeeting(), {
      fullName: 'Guest',
      userId: 'g-1',
      role: 'attendee',
      guest: true,
    });
    expect(new URL(url).searchParams.has('jwt')).toBe(false);
  });
});
