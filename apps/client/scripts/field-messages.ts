import { readFile } from 'node:fs/promises';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** `import { messages } from '…/locales/ar/server.po?fields'`: that catalog's field messages, compiled for Lingui. */
const SUFFIX = '?fields';
/** Field messages, and a quote's coupon refusals ('coupon.expired'), which the checkout shows as the server words them. */
const FIELD = /^(field|coupon)\./;

/**
 * Field messages are written once, in the server catalog (packages/i18n/locales/{ar,en}/server.po): the contract's
 * schemas name them by id ('field.meetingName'), the BFF renders them in its 400s, and the forms render the same ids
 * with Lingui from this module, so both sides show the same words. Only the `field.*` (and `coupon.*`) entries are
 * shipped (the rest of the server catalog is e-mails and error pages the browser never needs), compiled at build time
 * like the client's own catalog, so the bundle carries no ICU compiler.
 */
export function fieldMessages(): Plugin {
  // The server catalog's ids are the msgids themselves (no Lingui hash), hence explicitIdAsDefault.
  const po = formatter({ explicitIdAsDefault: true });
  return {
    name: 'majlis-field-messages',
    enforce: 'pre',
    async load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const file = id.slice(0, -SUFFIX.length);
      this.addWatchFile(file);
      const catalog = await po.parse(await readFile(file, 'utf8'), {
        locale: null,
        sourceLocale: 'en',
        filename: file,
      });
      const messages: Record<string, unknown> = {};
      for (const [key, entry] of Object.entries(catalog)) {
        if (FIELD.test(key) && entry.translation && !entry.obsolete) messages[key] = compileMessage(entry.translation);
      }
      return {
        code: `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))});`,
        map: null,
        moduleType: 'js',
      };
    },
  };
}
