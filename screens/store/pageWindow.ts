/** A page number, or a gap ('…') between distant page numbers. */
export type PageItem = number | 'gap';

/**
 * The page buttons to show: the first and last pages, and `radius` pages either side of the
 * current one, with gaps where pages are left out, so a long catalogue keeps a short pager.
 */
export function pageWindow(current: number, total: number, radius = 2): PageItem[] {
  if (total <= 0) return [];
  const pages = new Set<number>([1, total]);
  for (let page = current - radius; page <= current + radius; page += 1) {
    if (page >= 1 && page <= total) pages.add(page);
  }
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of sorted) {
    if (page - previous === 2) items.push(previous + 1);
    else if (page - previous > 2) items.push('gap');
    items.push(page);
    previous = page;
  }
  return items;
}
