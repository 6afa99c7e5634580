import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
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

  it("keeps <Trans>'s element placeholders (<0>…</0>) in ASCII digits, so their elements still render", async () => {
    setReaderPrefs({ digits: 'arab' });
    await applyDocumentLanguage('en');
    // The recording page's <Trans>Downloads: <span>{n}</span></Trans>, by its catalog id.
    const id = generateMessageId('Downloads: <0>{0}</0>');
    expect(i18n._(id, { 0: '١' })).toBe('Downloads: <0>١</0>');
    setReaderPrefs({ digits: 'latn' });
    await applyDocumentLanguage('ar');
    expect(i18n._(id, { 0: '1' })).toBe('مرات التنزيل: <0>1</0>');
  });
});
