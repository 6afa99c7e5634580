import 'temporal-polyfill/global';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './calendar.css';
import FullCalendar, { type EventClickInfo, type EventDropInfo, type EventSourceFuncInfo } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import arLocale from '@fullcalendar/react/locales/ar';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  browserTimeZone,
  dayIn,
  formatWhen,
  hijriMonths,
  intlLocale,
  showDigits,
  zoneLabel,
} from '../../lib/format.ts';
import { messageOf } from '../../lib/http.ts';
import { useAccount } from '../../state/account.tsx';
import { useLanguage } from '../../state/language.tsx';
import { toast } from '../../ui/toast.ts';
import { type CalendarEvent, joinLink, type Meeting, meetingsApi } from '../meetings/api.ts';
import { DeleteDayConfirm } from '../meetings/DeleteDayConfirm.tsx';
import { StatusBadge } from '../meetings/MeetingCard.tsx';
import { MeetingFormDialog } from '../meetings/MeetingFormDialog.tsx';
import { OccurrenceDialog } from '../meetings/OccurrenceDialog.tsx';
import { type Room, roomsApi } from '../rooms/api.ts';

const COLOR: Record<CalendarEvent['roomType'], string> = { bbb: '#0b3d91', zoom: '#2d8cff', jitsi: '#1c7c54' };

/**
 * /dashbord/calender: month, week and day views of the meetings' days in the user's time zone, Arabic (rtl, week
 * from Saturday) or English; drag a day to move it, or tap it for its details and "this day" (time, length, delete)
 * or "all days" (the meeting form), which works on a touch screen too. On a phone (≤ 850 px) it opens on a list of
 * the week's days instead of the month's grid, and its buttons are 44 px targets (calendar.css).
 */
export function CalendarView() {
  const { t } = useLingui();
  const language = useLanguage();
  const account = useAccount();
  const timeZone = account.info?.timeZone ?? browserTimeZone();
  const calendar = useRef<{ getApi(): { refetchEvents(): void } } | null>(null);
  const [selected, setSelected] = useState<CalendarEvent | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const phone = useMediaQuery('(max-width: 850px)') ?? false;
  const today = dayIn(timeZone);
  const zone = zoneLabel(language, timeZone);
  const [dayEdit, setDayEdit] = useState<CalendarEvent | null>(null);
  const [allDays, setAllDays] = useState<Meeting | null>(null);
  const [rooms, setRooms] = useState<Room[]>([]);
  // The Hijri months of the page shown, beside FullCalendar's Gregorian title (a profile choice).
  const [hijri, setHijri] = useState<string | null>(null);
  const refetch = () => calendar.current?.getApi().refetchEvents();

  async function editAllDays(e: CalendarEvent) {
    try {
      const [meeting, list] = await Promise.all([meetingsApi.get(e.meetingId), roomsApi.list().catch(() => [])]);
      setRooms(list);
      setSelected(null);
      setAllDays(meeting);
    } catch (err) {
      toast.error(messageOf(err, language, t`An error occurred, try again`));
    }
  }

  const fetchEvents = useCallback(
    async (info: EventSourceFuncInfo) => {
      // The feed takes days in the user's zone, `to` inclusive; the view's end is exclusive.
      const from = dayIn(timeZone, info.start);
      const to = dayIn(timeZone, new Date(+info.end - 1));
      try {
        const events = await meetingsApi.calendar(from, to);
        setLoadError(null);
        return events.map((e) => ({
          id: e.id,
          title: e.title,
          start: e.start,
          end: e.end,
          startEditable: e.editable,
          durationEditable: false,
          color: COLOR[e.roomType],
          className: 'majlis-event',
          extendedProps: { event: e },
        }));
      } catch (e) {
        setLoadError(messageOf(e, language, t`An error occurred, try again`));
        return [];
      }
    },
    [timeZone, language, t],
  );

  async function onDrop(info: EventDropInfo) {
    const e = info.event.extendedProps.event as CalendarEvent;
    const start = info.event.start;
    if (!start) return info.revert();
    try {
      await meetingsApi.updateOccurrence(e.meetingId, e.id, { startsAt: start.toISOString() });
      toast.success(t`The day was moved`);
      calendar.current?.getApi().refetchEvents();
    } catch (err) {
      info.revert();
      toast.error(messageOf(err, language, t`An error occurred, try again`));
    }
  }

  function onClick(info: EventClickInfo) {
    info.jsEvent.preventDefault();
    setSelected(info.event.extendedProps.event as CalendarEvent);
  }

  async function deleteDay() {
    const e = selected;
    if (!e) return;
    setBusy(true);
    try {
      await meetingsApi.cancelOccurrence(e.meetingId, e.id);
      toast.success(t`The day was deleted`);
      setConfirming(false);
      setSelected(null);
      calendar.current?.getApi().refetchEvents();
    } catch (err) {
      toast.error(messageOf(err, language, t`An error occurred, try again`));
    } finally {
      setBusy(false);
    }
  }

  const when = selected
    ? `${formatWhen(language, selected.start, timeZone)} – ${formatWhen(language, selected.end, timeZone, {
        weekday: undefined,
        day: undefined,
        month: undefined,
        year: undefined,
      })}`
    : '';

  return (
    <Stack>
      {loadError && (
        <Alert color="red" role="alert">
          {loadError}
        </Alert>
      )}
      {hijri && (
        <Text ta="center" size="sm" c="dimmed" data-testid="calendar-hijri">
          {hijri}
        </Text>
      )}
      <div className="majlis-calendar" data-testid="calendar" data-view-language={language}>
        <FullCalendar
          // A new language or zone rebuilds the calendar with its locale and direction.
          key={`${intlLocale(language)}-${timeZone}-${phone ? 'phone' : 'wide'}`}
          ref={calendar as never}
          plugins={[classicTheme, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
          initialView={phone ? 'listWeek' : 'dayGridMonth'}
          // The code is the reader's Intl locale, so the calendar's numbers take their digit style.
          locale={language === 'ar' ? { ...arLocale, code: intlLocale('ar') } : intlLocale('en')}
          direction={language === 'ar' ? 'rtl' : 'ltr'}
          // Week start by locale: the ar locale starts on Saturday; our English is en-GB, whose weeks start on Monday
          // (FullCalendar's built-in English would start on Sunday).
          firstDay={language === 'ar' ? 6 : 1}
          timeZone={timeZone}
          headerToolbar={
            phone
              ? { start: 'prev,next', center: 'title', end: 'today listWeek,timeGridDay' }
              : { start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay' }
          }
          // The button's name is its visible text in both languages (WCAG 2.5.3).
          buttons={{ today: { text: t`Today`, hint: t`Today` } }}
          // FullCalendar's own Arabic reads 'أي أحداث لعرض'.
          noEventsText={t`No meetings in this period`}
          height="auto"
          events={fetchEvents}
          datesSet={(info) => setHijri(hijriMonths(language, info.view.currentStart, info.view.currentEnd, timeZone))}
          eventDrop={onDrop}
          eventClick={onClick}
          // A title takes its own direction: an Arabic name in the English calendar was cut at its start (issue 26).
          eventTitleClass="majlis-event-title"
          eventDidMount={({ el }) => {
            for (const title of el.querySelectorAll('.majlis-event-title')) title.setAttribute('dir', 'auto');
          }}
          // dragging is for a mouse; on a phone a tap opens the day's dialog
          editable={!phone}
          eventDurationEditable={false}
          dayMaxEvents={3}
          // Days of the next and previous months stay readable (the theme fades them below WCAG AA contrast).
          dayCellClass={(info) => (info.isOther ? 'majlis-other-day' : '')}
          nowIndicator
        />
      </div>
      <Text size="xs" c="dimmed">
        {/* What the calendar lets you do where you are: no dragging on a phone. The zone by its name, not its id. */}
        {phone ? (
          <Trans>Times are in {zone}. Tap a meeting day to change this day or all days.</Trans>
        ) : (
          <Trans>Times are in {zone}. Drag a meeting day to move it, or click it to change this day or all days.</Trans>
        )}
      </Text>
      <Modal
        opened={!!selected && !confirming && !dayEdit}
        onClose={() => setSelected(null)}
        title={selected?.title ?? ''}
        centered
      >
        {selected && (
          <Stack gap="sm" data-testid="calendar-event-details">
            <Group gap="xs">
              <StatusBadge meeting={{ status: selected.status, active: true }} />
              {selected.recurring && (
                <Badge variant="outline">
                  <Trans>Recurring</Trans>
                </Badge>
              )}
              {selected.edited && (
                <Badge variant="outline" color="orange">
                  <Trans>Changed for this day</Trans>
                </Badge>
              )}
            </Group>
            <Text size="sm">{when}</Text>
            <Text size="sm">
              <Trans>
                Meeting number <bdi dir="ltr">{showDigits(language, selected.number)}</bdi>
              </Trans>
            </Text>
            <Anchor href={joinLink(selected.number)} size="sm" dir="ltr">
              {joinLink(selected.number)}
            </Anchor>
            <Group justify="flex-end" mt="sm">
              <Button component={Link} to="/dashbord/meeting" variant="default">
                <Trans>Meetings</Trans>
              </Button>
            </Group>
            {selected.editable && (
              <Stack gap="xs" data-testid="calendar-event-scope">
                <Text size="sm" fw={500}>
                  <Trans>This day</Trans>
                </Text>
                <Group gap="xs">
                  <Button variant="light" mih={44} onClick={() => setDayEdit(selected)}>
                    <Trans>Time and length of this day</Trans>
                  </Button>
                  <Button color="red" variant="light" mih={44} onClick={() => setConfirming(true)}>
                    <Trans>Delete this day</Trans>
                  </Button>
                </Group>
                {selected.recurring && (
                  <>
                    <Text size="sm" fw={500}>
                      <Trans>All days</Trans>
                    </Text>
                    <Group gap="xs">
                      <Button mih={44} onClick={() => void editAllDays(selected)}>
                        <Trans>Edit all days</Trans>
                      </Button>
                    </Group>
                  </>
                )}
              </Stack>
            )}
          </Stack>
        )}
      </Modal>
      <OccurrenceDialog
        target={
          dayEdit
            ? {
                meetingId: dayEdit.meetingId,
                name: dayEdit.title,
                occurrence: {
                  id: dayEdit.id,
                  startsAt: dayEdit.start,
                  endsAt: dayEdit.end,
                  cancelled: false,
                  edited: dayEdit.edited,
                },
              }
            : null
        }
        timeZone={timeZone}
        today={today}
        onClose={() => setDayEdit(null)}
        onSaved={() => {
          setDayEdit(null);
          setSelected(null);
          toast.success(t`The day was saved`);
          refetch();
        }}
      />
      <MeetingFormDialog
        opened={!!allDays}
        meeting={allDays}
        rooms={rooms}
        today={today}
        timeZone={timeZone}
        onClose={() => setAllDays(null)}
        onSaved={() => {
          setAllDays(null);
          toast.success(t`The meeting was saved`);
          refetch();
        }}
      />
      <DeleteDayConfirm
        opened={confirming}
        day={{ name: selected?.title, when }}
        busy={busy}
        onClose={() => setConfirming(false)}
        onConfirm={() => void deleteDay()}
      />
    </Stack>
  );
}
