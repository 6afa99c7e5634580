import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testConfig } from '../../test/services.ts';
import { findActor } from '../auth/actor.ts';
import { queryRows } from '../db/connect.ts';
import { accounts, memberships, notifications, rooms, users } from '../db/schema/index.ts';
import { runMeetingReminders } from '../jobs/meeting-reminders.ts';
import type { JobContext } from '../jobs/types.ts';
import { createNotification, escapeHtml, listNotifications, renderNotification } from './notifications.ts';

const HOSTILE =
  'Q3 <a href="https://evil.example/steal?a=1&b=2">review</a> <img src=x onerror=alert(1)><script>alert(2)</script> \'it\'s\' & "co"';

/** What a browser shows of an HTML fragment with no raw "<" in its text: tags dropped, the escapes we emit decoded. */
function visibleText(html: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
  return html.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => entities[e] as string);
}

/** The elements of a fragment: name and raw attributes of each opening tag. */
function tags(html: string): { name: string; attrs: string }[] {
  return [...html.matchAll(/<([a-z][a-z0-9]*)\b([^>]*)>/gi)].map((m) => ({
    name: (m[1] as string).toLowerCase(),
    attrs: m[2] as string,
  }));
}

describe('notification values are escaped, only catalog templates hold markup', () => {
  let database: TestDatabase;
  const config = testConfig({ PUBLIC_URL: 'https://majlis.example' });
  const userId = async (email: string) =>
    (await database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id as string;

  beforeAll(async () => {
    database = await createTestDatabase('pglite', { seeded: true });
  });
  afterAll(async () => {
    await database?.drop();
    config.cleanup();
  });

  it('escapeHtml escapes the five characters that matter in content and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('a hostile meeting name reaches an invitee of another account as text, in Arabic and English; the template link works', async () => {
    // The meeting belongs to the demo institution; the invitee is the individual account's owner (another tenant).
    const owner = await userId('owner@demo.test');
    const invitee = await userId('solo@demo.test');
    const [institution] = await database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.ownerUserId, owner), eq(accounts.kind, 'inst')));
    const [room] = await database.db
      .insert(rooms)
      .values({ accountId: institution?.id as string, name: 'Escape room', type: 'jitsi' })
      .returning();
    const now = new Date();
    const startsAt = new Date(now.getTime() + 10 * 60_000);
    const [meeting] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into meetings (account_id, room_id, owner_user_id, number, name, kind, starts_at, time_zone, duration_minutes)
          values (${institution?.id}, ${room?.id}, ${owner}, '5566778899', ${HOSTILE}, 'scheduled', ${startsAt}, 'Africa/Cairo', 60)
          returning id`,
    );
    await database.db.execute(
      sql`insert into meeting_occurrences (meeting_id, original_starts_at, starts_at, ends_at)
          values (${meeting?.id}, ${startsAt}, ${startsAt}, ${new Date(startsAt.getTime() + 3600_000)})`,
    );
    await database.db.execute(
      sql`insert into invitations (meeting_id, email, user_id, locale) values (${meeting?.id}, 'solo@demo.test', ${invitee}, 'ar')`,
    );
    const ctx: JobContext = {
      db: database.db,
      config,
      push: { notify: async () => {} },
      transports: {},
      now: () => now,
    };
    expect(await runMeetingReminders(ctx)).toBeGreaterThan(0);
    const [row] = await database.db.select().from(notifications).where(eq(notifications.userId, invitee));
    expect(row?.titleId).toBe('notif.meeting.reminder.title');
    // Stored as given: escaping belongs to rendering, so nothing is escaped twice.
    expect(row?.values).toMatchObject({ name: HOSTILE });

    for (const locale of ['ar', 'en'] as const) {
      const view = renderNotification(row as NonNullable<typeof row>, locale);
      // The name is there as visible text, character for character.
      expect(visibleText(view.message), locale).toContain(HOSTILE);
      // The only element is the template's own link, to the meeting, with a safe rel.
      expect(tags(view.message), locale).toEqual([
        {
          name: 'a',
          attrs: ' href="https://majlis.example/join/5566778899" rel="noopener noreferrer"',
        },
      ]);
      expect(view.message).not.toMatch(/<(img|script)\b/i);
      // The title is plain text for the client to render as text.
      expect(view.title).toBe(locale === 'ar' ? 'اجتماع بعد ١٥ دقيقة' : 'Meeting in 15 minutes');
    }
    expect(visibleText(renderNotification(row as NonNullable<typeof row>, 'ar').message)).toContain(
      'انضم إلى الاجتماع',
    );
    expect(visibleText(renderNotification(row as NonNullable<typeof row>, 'en').message)).toContain('join the meeting');
  });

  it('team and user names in a chat notification stay text; the template’s own <b> stays markup', async () => {
    const member = await userId('member@demo.test');
    const [account] = await database.db.select({ id: accounts.id }).from(accounts).limit(1);
    const { notification } = await createNotification(database.db, {
      accountId: account?.id as string,
      userId: member,
      type: 'notif',
      titleId: 'notif.chat.title',
      messageId: 'notif.chat.message',
      values: { name: '<i>Team</i> <a href=//evil.example>x</a>', text: '<script>alert(1)</script>hi' },
    });
    for (const locale of ['ar', 'en'] as const) {
      const view = renderNotification(notification, locale);
      expect(
        tags(view.message).map((t) => t.name),
        locale,
      ).toEqual(['b']);
      expect(view.message).toContain('<b>&lt;i&gt;Team&lt;/i&gt; &lt;a href=//evil.example&gt;x&lt;/a&gt;</b>');
      expect(visibleText(view.message)).toContain('<script>alert(1)</script>hi');
    }
  });

  it("a notification is listed in its reader's digit style, the sender's name and the number isolated", async () => {
    const member = await userId('member@demo.test');
    const [m] = await database.db.select().from(memberships).where(eq(memberships.userId, member)).limit(1);
    await createNotification(database.db, {
      accountId: m?.accountId as string,
      userId: member,
      type: 'notif',
      titleId: 'notif.meeting.invited.title',
      messageId: 'notif.meeting.invited.message',
      values: { actor: 'Omar Khaled', name: 'Q3', number: '4455667788', link: '/join/4455667788' },
    });
    const listed = async () => {
      const actor = await findActor(database.db, member, m?.accountId as string);
      const [first] = await listNotifications(database.db, actor as NonNullable<typeof actor>, 'ar');
      return first?.message ?? '';
    };
    expect(await listed()).toContain('دعوة من <b><bdi>Omar Khaled</bdi></b>');
    // No style chosen: Arabic's own digits, for the number as for every count (issue 26); a chosen style wins.
    expect(await listed()).toContain('رقم الاجتماع <bdi>٤٤٥٥٦٦٧٧٨٨</bdi>');
    await database.db.update(users).set({ digits: 'latn' }).where(eq(users.id, member));
    expect(await listed()).toContain('رقم الاجتماع <bdi>4455667788</bdi>');
    expect(await listed()).toContain('href="/join/4455667788"');
  });
});
