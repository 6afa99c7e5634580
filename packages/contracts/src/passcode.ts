/**
 * Meeting passcodes (issue 30): six digits, asked on the join page unless the link carries them. No zod here, so the
 * join page's first load can read these without the schema library (its passcode box, which checks with
 * ZJoinPasscodeForm, loads when the box is needed).
 */
export const MEETING_PASSCODE = {
  length: 6,
  pattern: /^\d{6}$/,
  /** The invitation link's query parameter (Zoom's name for the same thing). */
  param: 'pwd',
} as const;
