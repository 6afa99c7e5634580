import { useState } from 'react';

/**
 * A list's page that starts again from 1 whenever what is listed changes (a new tab, search or range): the page is
 * kept with the filter it was chosen for, so no effect has to reset it after a render showed the wrong one.
 */
export function usePage(filter: unknown): [number, (page: number) => void] {
  const key = JSON.stringify(filter);
  const [chosen, setChosen] = useState({ key, page: 1 });
  const page = chosen.key === key ? chosen.page : 1;
  return [page, (next) => setChosen({ key, page: next })];
}
