import { useLingui } from '@lingui/react/macro';
import { type OptionUnavailableReason, optionProfile, optionUnavailable } from '@majlis/contracts/meeting-options';
import { MEETING_FLAGS, MEETING_OPTIONS, type MeetingFlag, type MeetingOption } from '@majlis/contracts/meetings';
import type { OptionProfile } from '@majlis/contracts/option-profiles';
import { Alert, Checkbox, Fieldset, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { RoomType, RoomTypeInfo } from '../rooms/api.ts';
import type { MeetingForm } from './meeting-validation.ts';

const isOption = (flag: MeetingFlag): flag is MeetingOption => (MEETING_OPTIONS as readonly string[]).includes(flag);

/**
 * The options profile of a room type on this server (GET /api/rooms/types); before that answers, BigBlueButton and
 * Zoom are themselves and Jitsi is taken without an app secret (the stricter reading).
 */
export function profileOf(type: RoomType | undefined, types: RoomTypeInfo[]): OptionProfile | null {
  if (!type) return null;
  return types.find((t) => t.type === type)?.optionProfile ?? optionProfile(type, false);
}

/**
 * The meeting's yes/no options (spec §3), one checkbox each. An option the room's provider cannot honour (contracts
 * meeting-options.ts, the table the server applies too) is shown off and disabled, with the reason under it.
 */
export function MeetingOptions({
  form,
  profile,
}: {
  form: UseFormReturnType<MeetingForm>;
  /** The chosen room's options profile; null before a room is chosen (every option shown as it is). */
  profile: OptionProfile | null;
}) {
  const { t } = useLingui();
  // keyed by flag, so an option added to the contract without a label stops the build
  const labels: Record<MeetingFlag, string> = {
    favourite: t`Favourite`,
    allowBeforeOwner: t`Allow participants to join before the owner`,
    autoRecord: t`Record automatically`,
    allowStopRecording: t`Allow the owner to stop the recording`,
    allowDownload: t`Allow participants to download the recordings`,
    notifyEnterExit: t`Notify when someone enters or leaves`,
    waitingRoom: t`Waiting room`,
  };
  const reasons: Record<OptionUnavailableReason, string> = {
    jitsiNeedsSecret: t`Not available on Jitsi Meet without an app secret`,
    jitsiManualRecording: t`Jitsi Meet records only when a moderator starts it`,
    jitsiNoRecordings: t`Jitsi Meet recordings do not reach Majlis`,
    needsProviderEvents: t`Needs join and leave events, which Jitsi Meet does not send`,
    zoomAccountSetting: t`Zoom sets this in the Zoom account's recording settings`,
  };
  const unavailable = (flag: MeetingFlag) => (profile && isOption(flag) ? optionUnavailable(profile, flag) : null);
  return (
    <Fieldset legend={t`Options`} variant="unstyled">
      {profile === 'jitsi' && (
        <Alert variant="light" color="gray" mb="xs" data-testid="options-jitsi-open">
          {t`This server's Jitsi Meet has no app secret: anyone with a room's link can enter at any time.`}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {MEETING_FLAGS.map((flag) => {
          const reason = unavailable(flag);
          return reason ? (
            <Checkbox
              key={flag}
              label={labels[flag]}
              description={reasons[reason]}
              checked={false}
              disabled
              readOnly
              data-unavailable={reason}
            />
          ) : (
            <Checkbox key={flag} label={labels[flag]} {...form.getInputProps(flag, { type: 'checkbox' })} />
          );
        })}
      </SimpleGrid>
    </Fieldset>
  );
}
