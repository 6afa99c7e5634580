import { useLingui } from '@lingui/react/macro';
import { MEETING_FLAGS, type MeetingFlag } from '@majlis/contracts/meetings';
import { Checkbox, Fieldset, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { MeetingForm } from './meeting-validation.ts';

/** The meeting's yes/no options (spec §3), one checkbox each. */
export function MeetingOptions({ form }: { form: UseFormReturnType<MeetingForm> }) {
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
  return (
    <Fieldset legend={t`Options`} variant="unstyled">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {MEETING_FLAGS.map((flag) => (
          <Checkbox key={flag} label={labels[flag]} {...form.getInputProps(flag, { type: 'checkbox' })} />
        ))}
      </SimpleGrid>
    </Fieldset>
  );
}
