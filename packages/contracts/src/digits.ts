/**
 * Arabic-Indic (٠-٩) and Eastern Arabic-Indic (۰-۹) digits to ASCII, so numbers typed in Arabic are accepted.
 * A copy of @majlis/i18n's toAsciiDigits: contracts take only types from i18n (they sit below it in the build), and
 * three lines are cheaper than a package boundary. packages/contracts/src/digits.test.ts keeps the two in step.
 */
export function toAsciiDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));
}
