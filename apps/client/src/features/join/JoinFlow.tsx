import { Trans, useLingui } from '@lingui/react/macro';
import { type Locale, toAsciiDigits } from '@majlis/i18n';
import { type JoinAnswer, type JoinMeetingInfo, type JoinRequest, joinMachine } from '@majlis/machines';
import { Alert, Button, Checkbox, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { api, body, seg } from '../../lib/api.ts';
import {
  besideHijri,
  deviceZone,
  formatDate,
  formatMoment,
  MEETING_MOMENT,
  SEPARATOR,
  sameClock,
  showDigits,
  viewZone,
  zoneLabel,
} from '../../lib/format.ts';
import { inspect } from '../../lib/inspect.ts';
import { hardNavigation } from '../../lib/navigation.ts';
import { useLanguage } from '../../state/language.tsx';
import { useSessionUser } from '../../state/session.tsx';
import { type PasscodeBox, passcodeDigits, passcodeFromLink, passcodeShown } from './join-passcode.ts';

// The passcode box loads when a meeting asks for it: the join page's first load stays without the schema library
const JoinPasscodeField = lazy(() => import('./JoinPasscode.tsx').then((m) => ({ default: m.JoinPasscodeField })));

const param = (number: string) => ({ param: { number: seg(number) } });

export const joinLogic = joinMachine.provide({
  actors: {
    lookupMeeting: fromPromise<JoinMeetingInfo, { number: string }>(({ input }) =>
      body(api.join[':number'].$get(param(input.number))).then((r): JoinMeetingInfo => r.meeting),
    ),
    joinMeeting: fromPromise<JoinAnswer, JoinRequest>(({ input }) =>
      body(
        api.join[':number'].$post({
          ...param(input.number),
          json: {
            ...(input.name ? { name: input.name } : {}),
            ...(input.asOwner ? { asOwner: true } : {}),
            ...(input.passcode ? { passcode: input.passcode } : {}),
          },
        }),
      ),
    ),
  },
  actions: {
    // The provider's page: a full navigation away from the app.
    goToMeeting: (_, { url }) => hardNavigation.go(url),
  },
});

/** A start on one clock with that clock named: 'Tue, 24 Nov 2026, 10:00 (Japan Time)'. */
function startOn(locale: Locale, iso: string, timeZone: string): string {
  return `${formatDate(locale, iso, { ...MEETING_MOMENT, timeZone })} (${zoneLabel(locale, timeZone, new Date(iso))})`;
}

/** Join a meeting by number (spec §8), anonymous or signed in; Arabic-Indic digits are accepted. */
export function JoinFlow({
  initialNumber = '',
  logic = joinLogic,
}: {
  initialNumber?: string;
  logic?: typeof joinLogic;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const user = useSessionUser();
  const [state, send] = useMachine(logic, { inspect });
  const [number, setNumber] = useState(() => toAsciiDigits(initialNumber).replace(/\D/g, ''));
  const [name, setName] = useState(() => (user ? `${user.fname} ${user.lname}`.trim() : ''));
  const [asOwner, setAsOwner] = useState(false);
  // the invitation link's passcode is sent without showing it; the box shows when the meeting asks for one
  const [fromLink] = useState(passcodeFromLink);
  const passcodeBox = useRef<PasscodeBox>(null);
  const [errors, setErrors] = useState<{ number?: string; name?: string }>({});
  // The page is prerendered (issue 28): what a guest typed before the script took the page over stays in the boxes
  // and is taken into the form's state once, on hydration, instead of being wiped at the next render.
  const numberInput = useRef<HTMLInputElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typedNumber = numberInput.current?.value;
    if (typedNumber) setNumber(toAsciiDigits(typedNumber).replace(/\D/g, ''));
    const typedName = nameInput.current?.value;
    if (typedName) setName(typedName);
  }, []);
  const { meeting, errorCode, errorMessage, answer } = state.context;
  // once shown, the box stays (with what was typed) while the next try is checked
  const [asked, setAsked] = useState(false);
  const askPasscode = asked || passcodeShown(!!fromLink, meeting, errorCode);
  if (askPasscode && !asked) setAsked(true);

  const generic = t`An error occurred, try again`;
  const messages: Record<string, string> = {
    MEETING_NUMBER_NOT_FOUND: t`There is no meeting at this number`,
    MEETING_DELETED: t`This meeting has been deleted`,
    MEETING_EXPIRED: t`Meeting has expired`,
    MEETING_FINISHED: t`This meeting has finished`,
    MEETING_INACTIVE: t`This meeting is not active`,
  };
  const failure = (errorCode && messages[errorCode]) ?? errorMessage?.[language] ?? generic;

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const found: typeof errors = {};
    if (!/^\d{4,20}$/.test(number)) found.number = t`Enter the meeting number`;
    if (!user && !name.trim()) found.name = t`Enter your name`;
    setErrors(found);
    // the box checks itself (the contract's schema); not shown, the link's passcode goes as it came
    const passcode = askPasscode ? (passcodeBox.current?.check() ?? null) : fromLink ? passcodeDigits(fromLink) : '';
    if (Object.keys(found).length || passcode === null) return;
    send({ type: 'join.submit', number, name: name.trim(), asOwner, ...(passcode ? { passcode } : {}) });
  }

  const busy = state.matches('checking') || state.matches('joining');
  // One clock: a signed-in reader's profile zone (named when the device's differs); a guest's own zone and the
  // organiser's, both named (the organiser's only when its clock differs).
  const iso = meeting?.startsAt ?? null;
  const organiserZone = meeting?.timeZone;
  const startsAt = !iso
    ? null
    : user
      ? besideHijri(language, formatMoment(language, iso, MEETING_MOMENT), iso, viewZone())
      : t`Your time: ${startOn(language, iso, deviceZone())}`;
  const organiserTime =
    iso && !user && organiserZone && !sameClock(organiserZone, deviceZone(), new Date(iso))
      ? t`Organiser's time: ${startOn(language, iso, organiserZone)}`
      : null;

  return (
    <Paper
      withBorder
      radius="md"
      p="xl"
      maw={520}
      mx="auto"
      data-testid="join"
      data-state={JSON.stringify(state.value)}
    >
      <Title order={1} size="h2" mb="md">
        <Trans>Join a meeting</Trans>
      </Title>
      {state.matches('waiting') ? (
        <Stack data-testid="join-waiting">
          <Alert color="blue" variant="light" role="status">
            <Text fw={600}>
              <Trans>The meeting hasn't started yet</Trans>
            </Text>
            <Text size="sm">
              {meeting && (
                <>
                  <bdi>{meeting.name}</bdi>
                  {startsAt && (
                    <>
                      {SEPARATOR}
                      <span data-testid="join-when">{startsAt}</span>
                    </>
                  )}
                  {organiserTime && (
                    <>
                      {SEPARATOR}
                      <span data-testid="join-organiser-when">{organiserTime}</span>
                    </>
                  )}
                  {SEPARATOR}
                </>
              )}
              <Trans>We check again every 10 seconds and take you in as soon as it starts.</Trans>
            </Text>
          </Alert>
          <Group>
            <Loader size="sm" aria-label={t`Waiting for the meeting to start`} />
            <Button variant="default" onClick={() => send({ type: 'join.cancel' })}>
              <Trans>Back</Trans>
            </Button>
          </Group>
        </Stack>
      ) : state.matches('notice') ? (
        <Stack data-testid="join-notice">
          <Alert color="orange" variant="light" role="alert">
            {answer?.notice?.[language] ??
              t`You do not have permission to start the meeting as the owner (joins as a participant)`}
          </Alert>
          <Button onClick={() => send({ type: 'join.continue' })}>
            <Trans>Join as a participant</Trans>
          </Button>
        </Stack>
      ) : state.matches('redirected') ? (
        <Group data-testid="join-redirected">
          <Loader size="sm" aria-hidden="true" />
          <Text>
            <Trans>Opening the meeting…</Trans>
          </Text>
        </Group>
      ) : (
        <form noValidate onSubmit={submit}>
          <Stack>
            {state.matches('failed') && (
              <Alert
                color="red"
                variant="light"
                role="alert"
                data-testid="join-error"
                withCloseButton
                closeButtonLabel={t`Close`}
                onClose={() => send({ type: 'join.cancel' })}
              >
                {failure}
              </Alert>
            )}
            <TextInput
              ref={numberInput}
              label={t`Meeting number`}
              inputMode="numeric"
              dir="ltr"
              autoComplete="off"
              // Shown in the reader's digit style; either style is accepted as typed (reference §5).
              value={showDigits(language, number)}
              onChange={(e) => setNumber(toAsciiDigits(e.currentTarget.value).replace(/[^\d]/g, ''))}
              error={errors.number}
              disabled={busy}
            />
            <TextInput
              ref={nameInput}
              label={t`Your name`}
              description={user ? t`As others will see you in the meeting` : undefined}
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
              disabled={busy}
            />
            {askPasscode && (
              <Suspense fallback={null}>
                <JoinPasscodeField box={passcodeBox} initial={fromLink} disabled={busy} />
              </Suspense>
            )}
            {user && (
              <Checkbox
                label={t`Start it as the owner`}
                checked={asOwner}
                onChange={(e) => setAsOwner(e.currentTarget.checked)}
              />
            )}
            <Button type="submit" loading={busy}>
              <Trans>Join</Trans>
            </Button>
          </Stack>
        </form>
      )}
    </Paper>
  );
}
