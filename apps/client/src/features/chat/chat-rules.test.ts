import { describe, expect, it } from 'vitest';
import { countLabel, matchesName } from './ContactsList.tsx';
import { canSend, formatMessageTime } from './ConversationView.tsx';
import { badgeText } from './chat-api.ts';

describe('chat rules of spec §5 and §9', () => {
  it('caps badges at 9+', () => {
    expect(badgeText(1, String)).toBe('1');
    expect(badgeText(9, String)).toBe('9');
    expect(badgeText(10, String)).toBe('9+');
    expect(badgeText(250, (n) => new Intl.NumberFormat('ar-EG').format(n))).toBe('٩+');
  });

  it("names the bell and the chat toggle with their count, since an aria-label hides the badge's text", () => {
    expect(countLabel('الإشعارات', 0, String)).toBe('الإشعارات');
    expect(countLabel('الإشعارات', 3, (n) => new Intl.NumberFormat('ar-EG').format(n))).toBe('الإشعارات: ٣');
    expect(countLabel('Team chat', 12, String)).toBe('Team chat: 9+');
  });

  it('sends nothing empty or made of spaces and newlines only', () => {
    expect(canSend('')).toBe(false);
    expect(canSend('  \n\t ')).toBe(false);
    expect(canSend(' مرحبًا ')).toBe(true);
  });

  it('finds contacts by a substring of the name, in any case', () => {
    expect(matchesName('Omar Khaled', 'khal')).toBe(true);
    expect(matchesName('ليلى حسن', 'حسن')).toBe(true);
    expect(matchesName('ليلى حسن', 'عمر')).toBe(false);
    expect(matchesName('anyone', '  ')).toBe(true);
  });

  it('shows times in the active locale, with the day when not today', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(formatMessageTime('ar', '2026-11-21T10:05:00Z', now)).toMatch(/[٠-٩]/);
    expect(formatMessageTime('en', '2026-11-19T10:05:00Z', now)).toMatch(/Nov/);
  });

  it("shows times on the profile's clock, naming it when the device's differs", () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const other = device === 'Asia/Tokyo' ? 'America/New_York' : 'Asia/Tokyo';
    const text = formatMessageTime('en', '2026-11-21T10:05:00Z', now, other);
    expect(text).toBe(other === 'Asia/Tokyo' ? '19:05 (Japan Time)' : '05:05 (New York Time)');
    expect(formatMessageTime('en', '2026-11-21T10:05:00Z', now, device)).not.toMatch(/\(/);
  });
});
