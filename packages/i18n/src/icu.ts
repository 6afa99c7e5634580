import type { CompiledIcuChoices, CompiledMessage } from '@lingui/message-utils/compileMessage';

/** How a message uses one argument: `{name}`, `{name, plural, …}`, `{name, select, …}`, `{name, number}`… */
export type ArgumentUse = Map<string, Set<string>>;

const CHOICE_TYPES = new Set(['plural', 'selectordinal', 'select']);

function choicesOf(token: CompiledMessage[number]): [string, CompiledIcuChoices] | null {
  if (typeof token === 'string' || !token[1] || !CHOICE_TYPES.has(token[1])) return null;
  return [token[1], token[2] as CompiledIcuChoices];
}

/** Every argument of a compiled message, nested cases included, with the ways it is used ('' for plain `{name}`). */
export function argumentsOf(message: CompiledMessage, into: ArgumentUse = new Map()): ArgumentUse {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, type = ''] = token;
    into.set(name, (into.get(name) ?? new Set()).add(type));
    const choice = choicesOf(token);
    if (!choice) continue;
    for (const [key, cases] of Object.entries(choice[1]))
      if (key !== 'offset') argumentsOf(cases as CompiledMessage, into);
  }
  return into;
}

/**
 * The plural categories of the language that a plural in the message leaves to `other` (Arabic has six: zero, one,
 * two, few, many, other; English one and other). An exact case `=N` covers N's category, which is enough for ours:
 * the only categories that hold a single integer (zero, one, two) are the ones written as `=0`, `=1`, `=2`.
 */
export function missingPluralCases(message: CompiledMessage, intlLocale: string): string[] {
  const missing: string[] = [];
  for (const token of message) {
    const choice = choicesOf(token);
    if (!choice) continue;
    const [type, cases] = choice;
    const keys = Object.keys(cases).filter((k) => k !== 'offset');
    if (type !== 'select') {
      const rules = new Intl.PluralRules(intlLocale, { type: type === 'plural' ? 'cardinal' : 'ordinal' });
      const covered = new Set(keys.map((k) => (/^\d+$/.test(k) ? rules.select(Number(k)) : k)));
      for (const category of rules.resolvedOptions().pluralCategories)
        if (!covered.has(category)) missing.push(`${(token as [string])[0]}: ${category}`);
    }
    for (const key of keys) missing.push(...missingPluralCases(cases[key] as CompiledMessage, intlLocale));
  }
  return missing;
}
