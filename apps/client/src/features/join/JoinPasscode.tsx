import { useLingui } from '@lingui/react/macro';
import { ZJoinPasscodeForm } from '@majlis/contracts/join';
import { MEETING_PASSCODE } from '@majlis/contracts/meetings';
import { toAsciiDigits } from '@majlis/i18n';
import { TextInput } from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { useFieldError } from '../../ui/use-field-error.ts';

/** The join page's passcode (issue 30): from the invitation link's `?pwd=`, else typed when the meeting asks for it. */

const check = schemaResolver(ZJoinPasscodeForm, { sync: true });

/** Refusals that mean "show the passcode box" (the server's words are shown above the form). */
export const PASSCODE_ERRORS = ['MEETING_PASSCODE_REQUIRED', 'MEETING_PASSCODE_WRONG', 'MEETING_PASSCODE_TRIES'];

/** The passcode the invitation link carries (`/join/<number>?pwd=…`), or ''. */
export function passcodeFromLink(): string {
  if (typeof window === 'undefined') return '';
  return new URLSearchParams(window.location.search).get(MEETING_PASSCODE.param) ?? '';
}

export type PasscodeForm = UseFormReturnType<{ passcode: string }>;

/** A Mantine form for the one field, checked by the contract's schema (the route's own check). */
export function usePasscodeForm(initial = passcodeFromLink()): PasscodeForm {
  return useForm({ initialValues: { passcode: initial }, validate: check });
}

/**
 * Whether the box shows: the meeting asks for a passcode (its lookup said so, or the join was refused for it), except
 * when the link carried one that has not been refused: invitees never type it.
 */
export function passcodeShown(
  linked: boolean,
  meeting: { passcodeRequired?: boolean } | null,
  errorCode: string | null,
): boolean {
  const refused = !!errorCode && PASSCODE_ERRORS.includes(errorCode);
  if (linked && !refused) return false;
  return refused || !!meeting?.passcodeRequired;
}

/** Checks the box when shown; answers the passcode to send (ASCII digits), null when the form must not be sent. */
export function passcodeToSend(form: PasscodeForm, shown: boolean): string | null | undefined {
  const raw = form.getValues().passcode;
  if (!shown) return raw ? toAsciiDigits(raw).replace(/\s/g, '') : undefined;
  if (form.validate().hasErrors) return null;
  return toAsciiDigits(raw).replace(/\s/g, '');
}

/** The box: either digit style, spaces ignored; the contract's message when it is not six digits. */
export function JoinPasscodeField({ form, disabled }: { form: PasscodeForm; disabled: boolean }) {
  const { t } = useLingui();
  const errorText = useFieldError();
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
