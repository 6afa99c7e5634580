/**
 * After a refused submit: the first field error of the form is scrolled into view and its field focused, so a long
 * form on a phone (the recurring meeting's end, below the fold) never fails silently (issue 26). Errors are drawn on
 * the next render, hence the frame's wait. Custom error lines mark themselves with `data-field-error`.
 */
export function revealFirstError(form: HTMLFormElement | null): void {
  const reveal = () => {
    const error = form?.querySelector<HTMLElement>(
      '[aria-invalid="true"], [data-field-error], .mantine-InputWrapper-error',
    );
    if (!error) return;
    error.scrollIntoView({ block: 'center' });
    if (error.matches('input, textarea, select')) error.focus({ preventScroll: true });
  };
  requestAnimationFrame(() => requestAnimationFrame(reveal));
}
