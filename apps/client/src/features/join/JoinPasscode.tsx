import { useLingui } from '@lingui/react/macro';
import { ZJoinPasscodeForm } from '@majlis/contracts/join';
import { TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type Ref, useImperativeHandle } from 'react';
import { useFieldError } from '../../ui/use-field-error.ts';
import { type PasscodeBox, passcodeDigits } from './join-passcode.ts';

const check = schemaResolver(ZJoinPasscodeForm, { sync: true });

/**
 * The passcode box of the join page (loaded when shown): a Mantine form checked by the contract's schema, the route's
 * own check; either digit style, spaces ignored. The page asks it through `box` when the join form is sent.
 */
export function JoinPasscodeField({
  box,
  initial,
  disabled,
}: {
  box: Ref<PasscodeBox>;
  initial: string;
  disabled: boolean;
}) {
  const { t } = useLingui();
  const errorText = useFieldError();
  const form = useForm({ initialValues: { passcode: initial }, validate: check });
  useImperativeHandle(box, () => ({
    check: () => (form.validate().hasErrors ? null : passcodeDigits(form.getValues().passcode)),
  }));
  const props = form.getInputProps('passcode');
  return (
    <TextInput
      label={t`Passcode`}
      description={t`The 6 digits the meeting's organiser gave you`}
      inputMode="numeric"
      dir="ltr"
      autoComplete="off"
      data-testid="join-passcode"
      {...props}
      error={errorText(props.error)}
      disabled={disabled}
    />
  );
}
