import { createHash } from 'node:crypto';
import { signJwt } from './jwt.ts';
import type { ConferencingProvider, JoinRequest, ProviderLink, ProviderMeeting } from './port.ts';

/** Jitsi Meet: a room is a URL on the base; with an app secret every join carries a JWT (HS256). No server calls. */
export interface JitsiOptions {
  baseUrl: string;
  appId?: string;
  appSecret?: string;
}

export class Jitsi implements ConferencingProvider {
  readonly kind = 'jitsi' as const;

  constructor(readonly opts: JitsiOptions) {}

  /** Hard to guess (the public meet.jit.si has no passwords by default): number plus a digest of our id. */
  roomName(meeting: ProviderMeeting): string {
    const tag = createHash('sha256').update(meeting.id).digest('hex').slice(0, 10);
    return `Majlis${meeting.number}${tag}`;
  }

  async schedule(meeting: ProviderMeeting): Promise<ProviderLink> {
    return {
      providerMeetingId: meeting.providerMeetingId ?? this.roomName(meeting),
      providerData: meeting.providerData,
    };
  }

  async unschedule(): Promise<void> {}

  async start(meeting: ProviderMeeting): Promise<ProviderLink> {
    return this.schedule(meeting);
  }

  async joinUrl(meeting: ProviderMeeting, join: JoinRequest): Promise<string> {
    const room = meeting.providerMeetingId ?? this.roomName(meeting);
    const url = new URL(`${this.opts.baseUrl.replace(/\/+$/, '')}/${room}`);
    if (this.opts.appSecret) {
      const now = Math.floor(Date.now() / 1000);
      url.searchParams.set(
        'jwt',
        await signJwt(
          {
            iss: this.opts.appId ?? 'majlis',
            aud: 'jitsi',
            sub: url.hostname,
            room,
            nbf: now - 10,
            exp: now + Math.max(meeting.durationMinutes, 60) * 60 + 3600,
            context: {
              user: { id: join.userId, name: join.fullName, moderator: join.role === 'moderator' ? 'true' : 'false' },
              // recording is by hand on Jitsi (Jibri): moderators may, as Jitsi lets them by default; nothing is
              // automatic (contracts meeting-options.ts: autoRecord is not an option on Jitsi rooms)
              features: {
                lobby: String(meeting.options.waitingRoom),
                recording: String(join.role === 'moderator'),
              },
            },
          },
          this.opts.appSecret,
        ),
      );
    }
    url.hash = `userInfo.displayName=${encodeURIComponent(JSON.stringify(join.fullName))}&config.subject=${encodeURIComponent(JSON.stringify(meeting.name))}`;
    return url.toString();
  }

  async end(): Promise<void> {}

  async isRunning(): Promise<null> {
    return null;
  }
}
