import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** '+20 100 100 0002' reads better than the stored E.164 '+201001000002'. */
export function phoneText(phone: string): string {
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
}
