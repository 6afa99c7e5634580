import { parse } from 'csv-parse/sync';
import { expect, test } from '../fixtures.ts';
import { api, buyRoom, expectAccessible, screenshot, setLanguage, signInByApi } from '../lib/helpers.ts';

/**
 * Issue 12's scenario, in Arabic, against the BigBlueButton simulator: a meeting that records itself is started by
 * its owner and joined by a member, who leave at different times; the simulator delivers the webhooks and the
 * recording-ready callback; the recording is listed, played and downloaded (counted once per user); the meeting
 * report shows both people with their minutes and exports a CSV that keeps its Arabic. Then the refusals: someone of
 * another account, and a participant when the meeting does not allow downloads.
 */

const MEETING = 'محاضرة التسجيل';
const AR_DIGITS = '٠١٢٣٤٥٦٧٨٩';
const toArabicDigits = (s: string | number) => String(s).replace(/\d/g, (d) => AR_DIGITS[Number(d)] as string);

interface SimMeeting {
  meetingID: string;
  name: string;
  attendees: { userID: string; fullName: string; role: string }[];
}

/** A JSON call from the page, as the client makes it (session cookie, CSRF header from the XSRF-TOKEN cookie). */
/** The simulator's control API (test-only; another process runs the simulator). */
async function sim<T>(bbbURL: string, path: string, body?: unknown): Promise<T> {
  const r = await fetch(new URL(path, bbbURL), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(r.status, `simulator ${path}`).toBe(200);
  return (await r.json()) as T;
}

test('in Arabic: a recorded meeting, two attendees, the recording played and downloaded once, the report and its CSV', async ({
  page,
  newPage,
  bbbURL,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await page.getByTestId('cookie-banner').getByRole('button', { name: 'أرفض' }).click();
  await signInByApi(page, 'owner@demo.test');

  let meetingId = '';
  let number = '';
  let passcode = '';
  let recordingId = '';
  await test.step('a BigBlueButton room and a permanent meeting that records itself', async () => {
    const room = await api<{ id: string }>(page, 'POST', '/api/rooms', {
      name: 'قاعة التسجيلات',
      type: 'bbb',
      participants: 50,
    });
    expect(room.status).toBe(201);
    await buyRoom(page, room.json.id);
    const meeting = await api<{ id: string; number: string; passcode: string }>(page, 'POST', '/api/meetings', {
      name: MEETING,
      type: 'permanent',
      roomId: room.json.id,
      autoRecord: true,
      allowDownload: false,
    });
    expect(meeting.status).toBe(201);
    meetingId = meeting.json.id;
    number = meeting.json.number;
    passcode = meeting.json.passcode;
  });

  const member = await newPage();
  await test.step('the owner starts it and a member joins by number', async () => {
    await page.goto('/dashbord/meeting');
    const card = page.getByTestId('meeting-card').filter({ hasText: MEETING });
    await card.getByRole('button', { name: 'بدء' }).click();
    await page.waitForURL((url) => url.href.startsWith(new URL(bbbURL).origin), { timeout: 20_000 });
    await member.goto('/');
    await member.getByTestId('cookie-banner').getByRole('button', { name: 'أرفض' }).click();
    await signInByApi(member, 'huda@demo.test');
    // the invitation link: it carries the passcode (issue 30)
    await member.goto(`/join/${number}?pwd=${passcode}`);
    await member.getByRole('button', { name: 'انضمام' }).click();
    await member.waitForURL((url) => url.href.startsWith(new URL(bbbURL).origin), { timeout: 20_000 });
  });

  await test.step('they leave at different times, the meeting ends, the recording is published', async () => {
    let simMeeting: SimMeeting | undefined;
    await expect(async () => {
      const meetings = await sim<SimMeeting[]>(bbbURL, '/sim/meetings');
      simMeeting = meetings.find((m) => m.name === MEETING);
      expect(simMeeting?.attendees).toHaveLength(2);
    }).toPass();
    const m = simMeeting as SimMeeting;
    const huda = m.attendees.find((a) => a.fullName.includes('هدى'));
    const owner = m.attendees.find((a) => a.fullName.includes('أحمد'));
    expect(huda && owner, 'both attendees are in the simulated meeting').toBeTruthy();
    // Both joins are recorded (by our join path, then confirmed by the provider's user-joined). The owner's tab is on
    // the simulated BigBlueButton: back to Majlis for the API.
    await page.goto('/dashbord/meeting');
    let joinedAt: Record<string, number> = {};
    await expect(async () => {
      const stays = await api<{ attendance: { name: string; joinedAt: string }[] }>(
        page,
        'GET',
        `/api/reports/meetings/${meetingId}/attendance`,
      );
      joinedAt = Object.fromEntries(stays.json.attendance.map((a) => [a.name, Date.parse(a.joinedAt)]));
      expect(Object.keys(joinedAt).sort()).toEqual(['أحمد الشريف', 'هدى إبراهيم']);
    }).toPass();
    // The simulator's clock runs ahead for these leaves: 7 and 19 minutes after each joined.
    const at = (name: string, minutes: number) => (joinedAt[name] as number) + minutes * 60_000;
    await sim(bbbURL, `/sim/meetings/${m.meetingID}/leave`, { userID: huda?.userID, at: at('هدى إبراهيم', 7) });
    await sim(bbbURL, `/sim/meetings/${m.meetingID}/leave`, { userID: owner?.userID, at: at('أحمد الشريف', 19) });
    await sim(bbbURL, `/sim/meetings/${m.meetingID}/end`, {});
    const published = await sim<{ recordID: string; status: number }>(bbbURL, `/sim/meetings/${m.meetingID}/publish`, {
      size: 5_000_000,
      video: true,
    });
    expect(published.status, 'the BFF accepted the recording-ready callback').toBe(200);
  });

  await test.step('the recording is listed, plays, and is downloaded: counted once for this user', async () => {
    await page.goto('/dashbord/recordings');
    const row = page.getByTestId('recording-row').filter({ hasText: MEETING });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('recording-downloads')).toContainText(toArabicDigits(0));
    await screenshot(page, 'recordings-ar');
    await expectAccessible(page, 'recordings (ar)');
    await row.getByTestId('recording-play').click();
    await page.waitForURL(/\/recording\/[0-9a-f-]{36}/);
    recordingId = page.url().match(/\/recording\/([0-9a-f-]{36})/)?.[1] ?? '';
    // The player plays the provider's own video file (BigBlueButton's video format), which the browser can fetch.
    const player = page.getByTestId('recording-player');
    await expect(player).toBeVisible();
    const src = (await player.getAttribute('src')) ?? '';
    expect(src.startsWith(new URL(bbbURL).origin) && src.includes('/playback/video/'), src).toBe(true);
    const media = await page.request.get(src);
    expect(media.status()).toBe(200);
    expect(media.headers()['content-type']).toMatch(/^video\//);
    for (const round of [1, 2]) {
      const download = page.waitForEvent('download');
      await page.getByTestId('recording-download').click();
      expect((await download).suggestedFilename(), `download ${round}`).toMatch(/\.m4v$/);
      await expect(page.getByTestId('recording-downloads')).toContainText(toArabicDigits(1));
    }
    const view = await api<{ recording: { downloads: number } }>(page, 'GET', `/api/recordings/${recordingId}`);
    expect(view.json.recording.downloads).toBe(1);
    await screenshot(page, 'recording-play-ar');
  });

  await test.step('the meeting report shows both attendees with their minutes; the CSV keeps its Arabic', async () => {
    await page.goto('/dashbord/reports/meetings_reports');
    const row = page.getByTestId('report-meeting-row').filter({ hasText: MEETING });
    await expect(row).toBeVisible();
    await screenshot(page, 'meetings-report-ar');
    await expectAccessible(page, 'meetings report (ar)');
    const report = await api<{ attendance: { name: string; minutes: number }[] }>(
      page,
      'GET',
      `/api/reports/meetings/${meetingId}/attendance`,
    );
    const minutes = Object.fromEntries(report.json.attendance.map((a) => [a.name, a.minutes]));
    expect(minutes).toEqual({ 'هدى إبراهيم': 7, 'أحمد الشريف': 19 });
    await row.click();
    const attendees = page.getByTestId('report-attendee-row');
    await expect(attendees).toHaveCount(2);
    await expect(attendees.filter({ hasText: 'هدى إبراهيم' })).toContainText(toArabicDigits(7));
    await expect(attendees.filter({ hasText: 'أحمد الشريف' })).toContainText(toArabicDigits(19));
    await screenshot(page, 'meeting-attendance-ar');

    const href = await page.getByTestId('report-attendance-export-csv').getAttribute('href');
    expect(href).toBeTruthy();
    const csv = await page.request.get(href as string);
    expect(csv.status()).toBe(200);
    const bytes = await csv.body();
    expect([...bytes.subarray(0, 3)], 'UTF-8 BOM').toEqual([0xef, 0xbb, 0xbf]);
    const rows: string[][] = parse(bytes.toString('utf8'), { bom: true });
    const [header, ...data] = rows;
    expect(
      header?.some((h) => /[\u0600-\u06FF]/.test(h)),
      'Arabic column names',
    ).toBe(true);
    expect(data.map((r) => r.find((c) => c === 'هدى إبراهيم' || c === 'أحمد الشريف')).sort()).toEqual([
      'أحمد الشريف',
      'هدى إبراهيم',
    ]);

    await page.goto('/dashbord/roomReports');
    await expect(page.getByTestId('room-report-row').filter({ hasText: 'قاعة التسجيلات' })).toBeVisible();
    await expect(page.getByTestId('user-report-row').first()).toBeVisible();
    await screenshot(page, 'room-report-ar');
    await expectAccessible(page, 'room report (ar)');
  });

  await test.step('a participant may see it but not download it: the meeting does not allow downloads', async () => {
    await member.goto(`/recording/${recordingId}`);
    await expect(member.getByTestId('recording-player')).toBeVisible();
    await expect(member.getByTestId('recording-download')).toHaveCount(0);
    const refused = await api<{ code: string }>(member, 'POST', `/api/recordings/${recordingId}/downloads`, {});
    expect(refused.status).toBe(404);
    expect(refused.json.code).toBe('RECORDING_NOT_FOUND');
  });

  await test.step('someone of another account: "This recording does not exist", by API and in the page', async () => {
    const stranger = await newPage();
    await stranger.goto('/');
    await stranger.getByTestId('cookie-banner').getByRole('button', { name: 'أرفض' }).click();
    await signInByApi(stranger, 'solo@demo.test');
    const theirs = await api<{ code: string; errorMessage: { ar: string } }>(
      stranger,
      'GET',
      `/api/recordings/${recordingId}`,
    );
    const unknown = await api(stranger, 'GET', '/api/recordings/00000000-0000-4000-8000-000000000000');
    expect(theirs.status).toBe(404);
    expect(theirs.json, 'the same answer as for a recording that does not exist').toEqual(unknown.json);
    expect(theirs.json.errorMessage.ar).toBe('هذا التسجيل غير موجود');
    await stranger.goto(`/recording/${recordingId}`);
    await expect(stranger.getByTestId('recording-missing')).toContainText('هذا التسجيل غير موجود');
    await expect(stranger.getByTestId('recording-player')).toHaveCount(0);
    await screenshot(stranger, 'recording-missing-ar');
  });

  await test.step('the same pages in English', async () => {
    await page.goto('/');
    await setLanguage(page, 'en');
    await page.goto('/dashbord/recordings');
    await expect(page.getByTestId('recording-row').filter({ hasText: MEETING })).toBeVisible();
    await screenshot(page, 'recordings-en');
    await expectAccessible(page, 'recordings (en)');
    await page.goto(`/recording/${recordingId}`);
    await expect(page.getByTestId('recording-downloads')).toContainText('1');
    await screenshot(page, 'recording-play-en');
    await page.goto('/dashbord/reports/meetings_reports');
    await expect(page.getByTestId('report-meeting-row').filter({ hasText: MEETING })).toBeVisible();
    await screenshot(page, 'meetings-report-en');
    await expectAccessible(page, 'meetings report (en)');
    await page.goto('/dashbord/roomReports');
    await expect(page.getByTestId('room-report-row').first()).toBeVisible();
    await screenshot(page, 'room-report-en');
    await expectAccessible(page, 'room report (en)');
  });

  await test.step('at 360 px the pages fit the phone', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    for (const path of [
      '/dashbord/recordings',
      `/recording/${recordingId}`,
      '/dashbord/reports/meetings_reports',
      '/dashbord/roomReports',
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(scroll, `${path} fits 360 px`).toBeLessThanOrEqual(inner);
      await screenshot(page, `phone${path.replace(/[/:]+/g, '-').replace(/-[0-9a-f-]{36}$/, '')}-en`);
    }
  });
});
