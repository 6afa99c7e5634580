import { useLingui } from '@lingui/react/macro';
import { Pagination } from '@mantine/core';

/**
 * The page switcher of every paged list (meetings, users, recordings, the meeting report): nothing when one page
 * holds it all, 44 px targets, previous and next named in the reader's language.
 */
export function Paging({ pages, page, onChange }: { pages: number; page: number; onChange: (page: number) => void }) {
  const { t } = useLingui();
  if (pages <= 1) return null;
  return (
    <Pagination
      total={pages}
      value={page}
      onChange={onChange}
      styles={{ control: { minWidth: 44, minHeight: 44 } }}
      getControlProps={(c) => ({
        'aria-label': c === 'previous' ? t`Previous page` : c === 'next' ? t`Next page` : c,
      })}
    />
  );
}
