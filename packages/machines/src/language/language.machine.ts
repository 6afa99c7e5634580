import { initialTransition, setup } from 'xstate';

export type LanguageCode = 'ar' | 'en';

export type LanguageEvent =
  /** `value` is what a user or storage gives: 'Ar' | 'En' | anything (spec §4: anything not En becomes Ar). */
  { type: 'SET'; value: string } | { type: 'TOGGLE' };

/**
 * Where the language may come from, first given first (issue 17): the signed-in user's profile (users.locale), then
 * what the browser kept (localStorage or the MajlisLang cookie), then the request's Accept-Language.
 */
export interface LanguageInput {
  profile?: string | null;
  stored?: string | null;
  acceptLanguage?: string | null;
}

const isEnglish = (value: string | null | undefined) => !!value && /^en\b/i.test(value.trim());
const given = (value: string | null | undefined) => !!value?.trim();

/**
 * Interface language (spec §4, §9): Arabic by default. Entering a state applies it (body class `En`,
 * `<html dir lang>`, catalog) and saves it (localStorage + cookie `MajlisLang`, 365 days); both are placeholders.
 * The BFF runs the same chart for every request and socket (decideLanguage), with no effects supplied.
 */
export const languageMachine = setup({
  types: {
    events: {} as LanguageEvent,
    input: {} as LanguageInput,
    context: {} as { profile: string | null; stored: string | null; acceptLanguage: string | null },
  },
  actions: {
    applyLanguage: (_, _params: { language: LanguageCode }) => {},
    storeLanguage: (_, _params: { language: LanguageCode }) => {},
  },
  guards: {
    profileGiven: ({ context }) => given(context.profile),
    profileIsEnglish: ({ context }) => isEnglish(context.profile),
    storedGiven: ({ context }) => given(context.stored),
    storedIsEnglish: ({ context }) => isEnglish(context.stored),
    // A browser lists its languages best first ('en-GB,en;q=0.9,ar;q=0.8'): the first one decides.
    acceptIsEnglish: ({ context }) => isEnglish(context.acceptLanguage?.split(',')[0]),
    valueIsEnglish: ({ event }) => event.type === 'SET' && isEnglish(event.value),
  },
}).createMachine({
  id: 'language',
  context: ({ input }) => ({
    profile: input.profile ?? null,
    stored: input.stored ?? null,
    acceptLanguage: input.acceptLanguage ?? null,
  }),
  initial: 'detecting',
  states: {
    /** Transient: the first source given decides, and anything but En is Ar (saved back as Ar). */
    detecting: {
      always: [
        { guard: 'profileIsEnglish', target: 'en' },
        { guard: 'profileGiven', target: 'ar' },
        { guard: 'storedIsEnglish', target: 'en' },
        { guard: 'storedGiven', target: 'ar' },
        { guard: 'acceptIsEnglish', target: 'en' },
        { target: 'ar' },
      ],
    },
    ar: {
      entry: [
        { type: 'applyLanguage', params: { language: 'ar' } },
        { type: 'storeLanguage', params: { language: 'ar' } },
      ],
      on: {
        SET: { guard: 'valueIsEnglish', target: 'en' },
        TOGGLE: { target: 'en' },
      },
    },
    en: {
      entry: [
        { type: 'applyLanguage', params: { language: 'en' } },
        { type: 'storeLanguage', params: { language: 'en' } },
      ],
      on: {
        SET: { guard: ({ event }) => !isEnglish(event.value), target: 'ar' },
        TOGGLE: { target: 'ar' },
      },
    },
  },
});

/**
 * Pure: the effective language for these sources, as the chart decides it (its effects are only listed, never run).
 * The BFF's error messages, sockets, e-mails and notifications all take their language from here.
 */
export function decideLanguage(input: LanguageInput): LanguageCode {
  const [snapshot] = initialTransition(languageMachine, input);
  return snapshot.matches('en') ? 'en' : 'ar';
}
