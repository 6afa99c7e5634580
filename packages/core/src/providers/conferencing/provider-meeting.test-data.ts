import type { ProviderMeeting } from './port.ts';

/** A scheduled meeting as core hands it to a provider; tests override what they look at. */
export function providerMeeting(over: Partial<ProviderMeeting> = {}): ProviderMeeting {
  return {
    id: '3f1f8f2e-6a0b-4c43-9d51-1d2f3b4c5d6e',
    accountId: 'acc-1',
    roomId: 'room-1',
    number: '1234567890',
    name: 'Weekly sync',
    description: 'Agenda',
    kind: 'scheduled',
    startsAt: new Date('2026-04-09T08:00:00Z'),
    durationMinutes: 60,
    timeZone: 'Africa/Cairo',
    recurrenceDays: [],
    repeatDays: 1,
    maxParticipants: 25,
    options: {
      allowBeforeOwner: false,
      autoRecord: false,
      allowStopRecording: true,
      allowDownload: false,
      notifyEnterExit: false,
      waitingRoom: false,
    },
    passcode: null,
    providerMeetingId: null,
    providerData: {},
    ...over,
  };
}
