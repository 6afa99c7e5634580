import { setup } from 'xstate';

export type LanguageCode = 'ar' | 'en';

export type LanguageEvent =
  /** `value` is what a user or storage gives: 'Ar' | 'En' | anything (spec §4: anything not En becomes Ar). */
  { type: 'SET'; value: string } | { type: 'TOGGLE' };

const isEnglish = (value: string | null | undefined) => !!value && /^en\b/i.test(value);

/**
 * Interface language (spec §4, §9): Arabic by default. Entering a state applies it (body class `En`,
 * `<html dir lang>`, catalog) and saves it (localStorage + cookie `MajlisLang`, 365 days); both are placeholders.
 */
export const languageMachine = setup({
  types: {
    events: {} as LanguageEvent,
    input: {} as { stored: string | null },
    context: {} as { stored: string | null },
  },
  actions: {
    applyLanguage: (_, _params: { language: LanguageCode }) => {},
    storeLanguage: (_, _params: { language: LanguageCode }) => {},
  },
  guards: {
    storedIsEnglish: ({ context }) => isEnglish(context.stored),
    valueIsEnglish: ({ event }) => event.type === 'SET' && isEnglish(event.value),
  },
}).createMachine({
  id: 'language',
  context: ({ input }) => ({ stored: input.stored }),
  initial: 'detecting',
  states: {
    /** Transient: what was stored decides; anything but En is saved back as Ar. */
    detecting: {
      always: [{ guard: 'storedIsEnglish', target: 'en' }, { target: 'ar' }],
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
