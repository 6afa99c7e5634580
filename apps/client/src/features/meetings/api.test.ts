import { describe, expect, it } from 'vitest';
import { meetingsApi } from './api.ts';

describe('meetingsApi.icsUrl', () => {
  // The link is rendered on every meeting card: building it must not need an origin (hc's $url throws without one).
  it('is the invitation path of the meeting, with the id kept in one segment', () => {
    expect(meetingsApi.icsUrl('0b6c1c9e-3f0e-4a53-9d0e-2f1f7e4c9a11')).toBe(
      '/api/meetings/0b6c1c9e-3f0e-4a53-9d0e-2f1f7e4c9a11/ics',
    );
    expect(meetingsApi.icsUrl('a/b?c')).toBe('/api/meetings/a%2Fb%3Fc/ics');
  });
});
