import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect.ts';
import {
  accounts,
  attendance,
  meetingOccurrences,
  meetings,
  recordings,
  rooms,
  subscriptions,
  users,
} from '../db/schema/index.ts';
import { newNumber } from '../meetings/save-meeting.ts';
import { addDays, todayIn, zonedToUtc } from '../meetings/time.ts';

/**
 * The demo institution's meeting history (issue 12): a BigBlueButton lecture hall with four finished meetings over the
 * last four weeks (one of them held twice), who attended them (staff and guests, a late join, a rejoin) and two
 * published recordings whose playback is served by the client itself (apps/client/public/demo/), so the reports and
 * recordings pages show something on first start, offline. Days are counted back from the day of seeding, so the
 * default report period (the last 30 days) holds them all when the data is fresh.
 */

export const DEMO_LECTURE_HALL = 'قاعة المحاضرات';
/** The provider's record ids of the two demo recordings: how the seed knows it has run (they are never reused). */
export const DEMO_RECORDING_IDS = ['demo-recording-marketing', 'demo-recording-identity'] as const;
/** Playback served by the client (apps/client/public/demo/), on the app's own origin. */
export const DEMO_PLAYBACK = {
  video: '/demo/recording-marketing.webm',
  presentationMarketing: '/demo/presentation.html?r=marketing',
  presentationIdentity: '/demo/presentation.html?r=identity',
} as const;
/** What the provider said each recording weighs; counted in the lecture hall's used storage. */
export const DEMO_RECORDING_BYTES = [86_507_520, 24_117_248] as const;

const TIME_ZONE = 'Africa/Cairo';
const STAFF = {
  owner: 'owner@demo.test',
  admin: 'admin@demo.test',
  member: 'member@demo.test',
  admin2: 'nadia@demo.test',
  member2: 'huda@demo.test',
  member3: 'sam@demo.test',
} as const;
type Who = keyof typeof STAFF | `guest:${string}`;

/** One stay: who, minutes after the session's start they joined and left, and whether they moderated. */
type Stay = [who: Who, join: number, leave: number, moderator?: true];
interface DemoSession {
  daysAgo: number;
  hour: string;
  minutes: number;
  stays: Stay[];
}
interface DemoMeeting {
  name: string;
  description: string;
  host: keyof typeof STAFF;
  kind: 'permanent' | 'scheduled';
  allowDownload: boolean;
  sessions: DemoSession[];
}

const MEETINGS: DemoMeeting[] = [
  {
    name: 'محاضرة: مقدمة في التسويق الرقمي',
    description: 'المحاضرة الأولى من سلسلة التسويق الرقمي، مع أسئلة الحضور في آخرها.',
    host: 'owner',
    kind: 'scheduled',
    allowDownload: true,
    sessions: [
      {
        daysAgo: 26,
        hour: '10:00',
        minutes: 90,
        stays: [
          ['owner', 0, 90, true],
          ['admin', 2, 88],
          ['member2', 5, 90],
          ['member3', 12, 75],
          ['guest:منى عادل', 3, 41],
          ['guest:منى عادل', 47, 90],
        ],
      },
    ],
  },
  {
    name: 'Weekly team sync',
    description: 'Where the sales team shares the week.',
    host: 'admin2',
    kind: 'permanent',
    allowDownload: false,
    sessions: [
      {
        daysAgo: 19,
        hour: '11:00',
        minutes: 45,
        stays: [
          ['admin2', 0, 45, true],
          ['member2', 1, 45],
          ['member3', 2, 18],
          ['member3', 22, 44],
        ],
      },
      {
        daysAgo: 12,
        hour: '11:00',
        minutes: 40,
        stays: [
          ['admin2', 0, 40, true],
          ['member2', 0, 38],
          ['member', 6, 40],
        ],
      },
    ],
  },
  {
    name: 'ورشة تصميم الهوية البصرية',
    description: 'ورشة عملية لفريق التصميم مع مصمم ضيف.',
    host: 'admin',
    kind: 'scheduled',
    allowDownload: false,
    sessions: [
      {
        daysAgo: 5,
        hour: '13:00',
        minutes: 60,
        stays: [
          ['admin', 0, 60, true],
          ['member', 3, 60],
          ['guest:John Carter', 4, 25],
          ['guest:John Carter', 29, 60],
          ['owner', 30, 52],
        ],
      },
    ],
  },
  {
    name: 'Quarterly review',
    description: 'The quarter in numbers, with the officials.',
    host: 'owner',
    kind: 'scheduled',
    allowDownload: false,
    sessions: [
      {
        daysAgo: 1,
        hour: '09:00',
        minutes: 30,
        stays: [
          ['owner', 0, 30, true],
          ['admin', 1, 30],
          ['admin2', 2, 27],
        ],
      },
    ],
  },
];

/** Whether the meeting history still has to be written (the demo recordings' rows outlive a deletion). */
export async function needsDemoMeetings(db: Db | Tx): Promise<boolean> {
  const rows = await db
    .select({ id: recordings.id })
    .from(recordings)
    .where(and(eq(recordings.provider, 'bbb'), inArray(recordings.providerRecordId, [...DEMO_RECORDING_IDS])));
  return rows.length === 0;
}

/** The lecture hall, its paid plan, the meetings, their attendance and recordings (in the caller's transaction). */
export async function insertDemoMeetings(tx: Tx, now = new Date()): Promise<void> {
  const [inst] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.ownerUserId))
    .where(and(eq(users.email, STAFF.owner), eq(accounts.kind, 'inst')));
  if (!inst) throw new Error('demo institution missing');
  const people = await tx
    .select({ id: users.id, email: users.email, fname: users.fname, lname: users.lname })
    .from(users)
    .where(inArray(users.email, Object.values(STAFF)));
  const byKey = new Map(
    Object.entries(STAFF).map(([key, email]) => [key, people.find((p) => p.email === email)] as const),
  );
  const staff = (key: keyof typeof STAFF) => {
    const p = byKey.get(key);
    if (!p) throw new Error(`demo user ${key} missing`);
    return p;
  };

  const [hall] = await tx
    .insert(rooms)
    .values({
      accountId: inst.id,
      name: DEMO_LECTURE_HALL,
      type: 'bbb',
      participants: 100,
      usedBytes: DEMO_RECORDING_BYTES[0] + DEMO_RECORDING_BYTES[1],
    })
    .returning({ id: rooms.id });
  if (!hall) throw new Error('demo room insert failed');
  await tx.insert(subscriptions).values({
    accountId: inst.id,
    roomId: hall.id,
    period: 'annual',
    status: 'active',
    startsAt: new Date(+now - 30 * 86_400_000),
    renewsAt: new Date(+now + 335 * 86_400_000),
  });

  const today = todayIn(TIME_ZONE, now);
  const held: { id: string; start: Date; end: Date; people: number }[] = [];
  for (const [i, m] of MEETINGS.entries()) {
    const starts = m.sessions.map((s) => zonedToUtc(addDays(today, -s.daysAgo), s.hour, TIME_ZONE));
    const first = m.sessions[0] as DemoSession;
    const last = m.sessions.at(-1) as DemoSession;
    const startedAt = starts.at(-1) as Date;
    const endedAt = new Date(+startedAt + last.minutes * 60_000);
    const [row] = await tx
      .insert(meetings)
      .values({
        accountId: inst.id,
        roomId: hall.id,
        ownerUserId: staff(m.host).id,
        number: newNumber(),
        name: m.name,
        description: m.description,
        kind: m.kind,
        startsAt: m.kind === 'scheduled' ? starts[0] : null,
        day: m.kind === 'scheduled' ? addDays(today, -first.daysAgo) : null,
        hour: m.kind === 'scheduled' ? first.hour : null,
        timeZone: TIME_ZONE,
        durationMinutes: first.minutes,
        allowDownload: m.allowDownload,
        // the hall's owner and assistants hear who comes and goes (issue 25: BigBlueButton's join/leave webhooks)
        notifyEnterExit: true,
        status: 'finished',
        providerMeetingId: `demo-meeting-${i + 1}`,
        startedAt,
        endedAt,
      })
      .returning({ id: meetings.id });
    if (!row) throw new Error('demo meeting insert failed');
    if (m.kind === 'scheduled') {
      await tx.insert(meetingOccurrences).values({
        meetingId: row.id,
        originalStartsAt: starts[0] as Date,
        startsAt: starts[0] as Date,
        endsAt: new Date(+(starts[0] as Date) + first.minutes * 60_000),
      });
    }
    const stays = m.sessions.flatMap((s, n) =>
      s.stays.map(([who, join, leave, moderator], k) => {
        const at = (min: number) => new Date(+(starts[n] as Date) + min * 60_000);
        const guest = who.startsWith('guest:') ? who.slice('guest:'.length) : null;
        const p = guest === null ? staff(who as keyof typeof STAFF) : null;
        return {
          meetingId: row.id,
          session: `demo-${i + 1}-${n + 1}`,
          providerUserId: `w_demo${i + 1}${n + 1}${k}`,
          externalUserId: p ? p.id : `guest-demo-${i + 1}-${guest === 'منى عادل' ? 'mona' : 'john'}`,
          userId: p?.id ?? null,
          name: p ? `${p.fname} ${p.lname}` : (guest as string),
          role: moderator ? 'MODERATOR' : 'VIEWER',
          source: 'provider' as const,
          joinSeen: true,
          joinedAt: at(join),
          leftAt: at(leave),
        };
      }),
    );
    await tx.insert(attendance).values(stays);
    held.push({
      id: row.id,
      start: starts[0] as Date,
      end: new Date(+(starts[0] as Date) + first.minutes * 60_000),
      people: new Set(m.sessions[0]?.stays.map((s) => s[0])).size,
    });
  }

  // The marketing lecture (video, downloadable) and the design workshop (presentation only).
  const [lecture, , workshop] = held;
  if (!lecture || !workshop) throw new Error('demo meetings missing');
  await tx.insert(recordings).values([
    {
      accountId: inst.id,
      roomId: hall.id,
      meetingId: lecture.id,
      provider: 'bbb',
      providerRecordId: DEMO_RECORDING_IDS[0],
      name: MEETINGS[0]?.name ?? '',
      startTime: lecture.start,
      endTime: lecture.end,
      sizeBytes: DEMO_RECORDING_BYTES[0],
      url: DEMO_PLAYBACK.presentationMarketing,
      formats: [
        { type: 'presentation', url: DEMO_PLAYBACK.presentationMarketing },
        { type: 'video', url: DEMO_PLAYBACK.video },
      ],
      participants: lecture.people,
      published: true,
    },
    {
      accountId: inst.id,
      roomId: hall.id,
      meetingId: workshop.id,
      provider: 'bbb',
      providerRecordId: DEMO_RECORDING_IDS[1],
      name: MEETINGS[2]?.name ?? '',
      startTime: workshop.start,
      endTime: workshop.end,
      sizeBytes: DEMO_RECORDING_BYTES[1],
      url: DEMO_PLAYBACK.presentationIdentity,
      formats: [{ type: 'presentation', url: DEMO_PLAYBACK.presentationIdentity }],
      participants: workshop.people,
      published: true,
    },
  ]);
}
