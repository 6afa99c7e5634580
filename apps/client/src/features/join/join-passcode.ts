import { MEETING_PASSCODE } from '@majlis/contracts/passcode';
import { toAsciiDigits } from '@majlis/i18n';

/**
 * The join page's passcode (issue 30): from the invitation link's `?pwd=`, else typed when the meeting asks for it.
 * These helpers are what the page's first load needs; the box itself (JoinPasscode.tsx, with the contract's schema)
 * loads when it is shown, so the join page's first load stays without the schema library.
 */

/** Refusals that mean "show the passcode box" (the server's words are shown above the form). */
export const PASSCODE_ERRORS = ['MEETING_PASSCODE_REQUIRED', 'MEETING_PASSCODE_WRONG', 'MEETING_PASSCODE_TRIES'];

/** The passcode the invitation link carries (`/join/<number>?pwd=…`), or ''. */
export function passcodeFromLink(): string {
  if (typeof window === 'undefined') return '';
  return new URLSearchParams(window.location.search).get(MEETING_PASSCODE.param) ?? '';
}

/** Either digit style, spaces left out: what the route takes. */
export const passcodeDigits = (typed: string) => toAsciiDigits(typed).replace(/\s/g, '');

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

/** What the shown box answers when the form is sent: the digits to send, or null (its own error is showing). */
export interface PasscodeBox {
  check(): string | null;
}
