import { Trans, useLingui } from '@lingui/react/macro';
import { ZTeamBody } from '@majlis/contracts/teams';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { topLevelErrors } from '../../lib/field-errors.ts';
import { fieldErrorsOf, formErrorOf } from '../../lib/server-errors.ts';
import { useLanguage } from '../../state/language.tsx';
import { useFieldError } from '../../ui/use-field-error.ts';
import { type ManagedTeam, teamsApi } from './api.ts';

// Validated with the schema the BFF validates with: 'Enter the team name', too long.
const checkBody = schemaResolver(ZTeamBody, { sync: true });

/** Create a team, or rename one; the server's refusals (a name already taken) show in place. */
export function TeamFormDialog({
  opened,
  team,
  onClose,
  onSaved,
}: {
  opened: boolean;
  team: ManagedTeam | null;
  onClose: () => void;
  onSaved: (team: ManagedTeam) => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const errorText = useFieldError();
  const form = useForm({
    initialValues: { teamName: '' },
    validate: (values) => topLevelErrors(checkBody({ teamName: values.teamName })),
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: filled when the dialog opens or its team changes; re-running on a change of form's methods would wipe what the user typed.
  useEffect(() => {
    if (!opened) return;
    form.setValues({ teamName: team?.teamName ?? '' });
    form.clearErrors();
    setFormError(null);
  }, [opened, team]);

  const submit = form.onSubmit(async ({ teamName }) => {
    setFormError(null);
    setBusy(true);
    try {
      const name = teamName.trim();
      onSaved(team ? await teamsApi.rename(team._id, name) : await teamsApi.create(name));
    } catch (error) {
      form.setErrors(fieldErrorsOf(error, language));
      setFormError(formErrorOf(error, language, t`An error occurred, try again`));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={team ? t`Rename the team` : t`Add a team`} centered>
      <form noValidate onSubmit={submit}>
        <Stack>
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <TextInput
            label={t`Team name`}
            {...form.getInputProps('teamName')}
            error={errorText(form.errors.teamName)}
            required
            data-autofocus
            data-testid="team-name"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={busy} data-testid="team-save">
              {team ? <Trans>Save</Trans> : <Trans>Add the team</Trans>}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
