import { useEffect, useState } from 'react';
import { fetchList, fetchRecord, isAbortError } from '../../runtime/api/client';
import type { QuoteProduct } from './quoteDraft';
import type { ZoomGroup } from './zoomConfiguration';

interface GroupRow {
  id: number;
  name: string;
  description: string | null;
}
const LIVE = { subscription_type: 'ZOOM', status: 'LIVE', per_page: 96, sort_by: '+grading' } as const;

async function memberIds(groupId: number, signal: AbortSignal): Promise<number[]> {
  const rows = await fetchRecord<{ product: { id: number } | null }[]>(`/productgroups/${groupId}/products`, signal);
  return rows.flatMap((row) => (row.product ? [row.product.id] : []));
}

/**
 * What the Zoom configuration wizard offers (001 §2, §7): the LIVE ZOOM BASE product groups
 * (GET /productgroups), each with its products and the products of the LIVE ADD_ON groups related
 * to it, priced for the recipient (GET /quotes/products; a product its webstore does not show is
 * left out). Loaded when the wizard opens; null while loading, [] when there is nothing to offer.
 */
export function useZoomGroups(recipient: number | null, enabled: boolean): ZoomGroup[] | null {
  const [groups, setGroups] = useState<ZoomGroup[] | null>(null);
  useEffect(() => {
    if (!enabled || recipient === null) return undefined;
    setGroups(null);
    const controller = new AbortController();
    const { signal } = controller;
    const load = async () => {
      const [bases, addOnGroups] = await Promise.all([
        fetchList<GroupRow>('/productgroups', { ...LIVE, subscription_product_type: 'BASE' }, signal),
        fetchList<GroupRow>('/productgroups', { ...LIVE, subscription_product_type: 'ADD_ON' }, signal),
      ]);
      const liveAddOns = new Set(addOnGroups.rows.map((group) => group.id));
      const shaped = await Promise.all(
        bases.rows.map(async (group) => {
          const related = await fetchRecord<{ related_product_group: { id: number } | null }[]>(
            `/productgroups/${group.id}/related_groups`,
            signal,
          );
          const addOnIds = (
            await Promise.all(
              related.flatMap((row) =>
                row.related_product_group && liveAddOns.has(row.related_product_group.id)
                  ? [memberIds(row.related_product_group.id, signal)]
                  : [],
              ),
            )
          ).flat();
          return { group, products: await memberIds(group.id, signal), addOns: [...new Set(addOnIds)] };
        }),
      );
      const ids = [...new Set(shaped.flatMap((group) => [...group.products, ...group.addOns]))];
      const offered =
        ids.length === 0
          ? []
          : (await fetchList<QuoteProduct>('/quotes/products', { organisation_to: recipient, product: ids, per_page: 96 }, signal)).rows;
      const byId = new Map(offered.map((product) => [product.id, product]));
      const pick = (list: number[]) => list.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
      return shaped
        .map(({ group, products, addOns }) => ({
          id: group.id,
          name: group.name,
          description: group.description,
          products: pick(products),
          addOns: pick(addOns),
        }))
        .filter((group) => group.products.length > 0);
    };
    load().then(setGroups, (error: unknown) => {
      if (!isAbortError(error)) setGroups([]);
    });
    return () => controller.abort();
  }, [recipient, enabled]);
  return groups;
}
