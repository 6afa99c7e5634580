import { t } from '@lingui/core/macro';
import { afterEach, describe, expect, it } from 'vitest';
import { setReaderPrefs } from '../lib/format.ts';
import { applyDocumentLanguage } from './i18n.ts';

describe("the catalogs' own digits follow the reader's digit style", () => {
  afterEach(async () => {
    setReaderPrefs({ digits: null });
    await applyDocumentLanguage('ar');
  });

  it('Arabic with Latin digits: "10 غيغابايت", not "١٠ غيغابايت" beside Latin numbers', async () => {
    await applyDocumentLanguage('ar');
    expect(t`10 GB of storage per room`).toBe('مساحة تخزين ١٠ غيغابايت لكل غرفة');
    setReaderPrefs({ digits: 'latn' });
    expect(t`10 GB of storage per room`).toBe('مساحة تخزين 10 غيغابايت لكل غرفة');
    setReaderPrefs({ digits: 'arab' });
    expect(t`10 GB of storage per room`).toBe('مساحة تخزين ١٠ غيغابايت لكل غرفة');
  });

  it('English with Arabic-Indic digits, placeholders untouched', async () => {
    setReaderPrefs({ digits: 'arab' });
    await applyDocumentLanguage('en');
    expect(t`10 GB of storage per room`).toBe('١٠ GB of storage per room');
    const room = { participants: 3 };
    expect(t`Number ${room.participants}`).toBe('Number 3');
  });
});
