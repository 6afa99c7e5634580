import { scheduleDays } from '@majlis/contracts/meeting-schedule';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect.ts';
import {
  accounts,
  meetingAssistants,
  meetingOccurrences,
  meetings,
  notifications,
  rooms,
  users,
} from '../db/schema/index.ts';
import { newNumber } from '../meetings/save-meeting.ts';
import { addDays, todayIn, zonedToUtc } from '../meetings/time.ts';

/**
 * The demo institution's upcoming meetings (issue 16), so the first page after signing in is not empty: a morning
 * meeting that repeats Sunday to Thursday for 20 meetings from tomorrow (its days counted by the same scheduleDays the
 * form, the card, the e-mail and the .ics use), owned by the owner, a favourite, with the admin as assistant; and a
 * permanent meeting anyone can join by number. And the notifications those events would have made (issue 16), so
 * a bell has something on first start: a member (هدى) is invited to the series. Only hers: the API and end-to-end suites
 * count the owner's, admin@'s and member@'s notifications from zero.
 */
export const DEMO_SERIES = 'الاجتماع الصباحي للفريق';
export const DEMO_PERMANENT = 'غرفة المتابعة المفتوحة';
const TIME_ZONE = 'Africa/Cairo';
/** The institution's unassigned Jitsi room (nothing to set up to start a meeting there). */
const HALL = 'Training studio';

/** Whether the upcoming meetings still have to be written (a database seeded before they existed gets them). */
export async function needsDemoUpcoming(db: Db | Tx): Promise<boolean> {
  const rows = await db.select({ id: meetings.id }).from(meetings).where(eq(meetings.name, DEMO_SERIES)).limit(1);
  return rows.length === 0;
}

export async function insertDemoUpcoming(tx: Tx, now = new Date()): Promise<void> {
  const [place] = await tx
    .select({ accountId: accounts.id, ownerId: users.id, roomId: rooms.id })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.ownerUserId))
    .innerJoin(rooms, and(eq(rooms.accountId, accounts.id), eq(rooms.name, HALL)))
    .where(and(eq(users.email, 'owner@demo.test'), eq(accounts.kind, 'inst')));
  const people = await tx
    .select({ id: users.id, email: users.email, fname: users.fname, lname: users.lname })
    .from(users)
    .where(inArray(users.email, ['owner@demo.test', 'admin@demo.test', 'huda@demo.test']));
  const who = (email: string) => people.find((p) => p.email === email);
  // The invitation goes to هدى (member2), not member@: the API suites count member@'s and admin@'s notifications.
  const [owner, admin, member] = [who('owner@demo.test'), who('admin@demo.test'), who('huda@demo.test')];
  if (!place || !owner || !admin || !member) throw new Error('demo institution, hall or staff missing');

  const first = addDays(todayIn(TIME_ZONE, now), 1);
  const recurrenceDays = [0, 1, 2, 3, 4];
  const days = scheduleDays({ day: first, recurrenceDays, repeatDays: 20 });
  const hour = '09:30';
  const minutes = 30;
  const starts = days.map((d) => zonedToUtc(d, hour, TIME_ZONE));
  const number = newNumber();
  const [series] = await tx
    .insert(meetings)
    .values({
      accountId: place.accountId,
      roomId: place.roomId,
      ownerUserId: place.ownerId,
      number,
      name: DEMO_SERIES,
      description: 'خمس دقائق لكل قسم: ما أُنجز أمس وما يُخطط له اليوم.',
      kind: 'scheduled',
      startsAt: starts[0],
      day: days[0],
      hour,
      timeZone: TIME_ZONE,
      durationMinutes: minutes,
      recurrenceDays,
      repeatDays: days.length,
      favourite: true,
    })
    .returning({ id: meetings.id });
  if (!series) throw new Error('demo series insert failed');
  await tx.insert(meetingAssistants).values({ meetingId: series.id, userId: admin.id });
  await tx.insert(meetingOccurrences).values(
    starts.map((start) => ({
      meetingId: series.id,
      originalStartsAt: start,
      startsAt: start,
      endsAt: new Date(+start + minutes * 60_000),
    })),
  );
  await tx.insert(meetings).values({
    accountId: place.accountId,
    roomId: place.roomId,
    ownerUserId: place.ownerId,
    number: newNumber(),
    name: DEMO_PERMANENT,
    description: 'متاحة في أي وقت لمن يحمل رقمها.',
    kind: 'permanent',
    timeZone: TIME_ZONE,
    durationMinutes: 60,
  });

  const actor = `${owner.fname} ${owner.lname}`;
  await tx.insert(notifications).values([
    {
      accountId: place.accountId,
      userId: member.id,
      type: 'notif',
      titleId: 'notif.meeting.invited.title',
      messageId: 'notif.meeting.invited.message',
      values: { actor, name: DEMO_SERIES, number, link: `/join/${number}` },
      eventMeta: { meetingId: series.id, link: `/join/${number}` },
      createdAt: new Date(+now - 3_600_000),
    },
  ]);
}
