import { isMessageKey } from '../../runtime/i18n/i18n';
import { useT } from '../../runtime/i18n/useT';
import { routes } from '../../runtime/generated/registry';
import { ReferenceLink } from '../../runtime/record/ReferenceLink';
import type { CellSlotProps } from '../../runtime/slots/slotTypes';

/** The page of each kind of record an action may be on (a quote's outward page is its sender's). */
const ROUTE_OF: Readonly<Record<string, string>> = { quote: 'quoteoutward' };

/**
 * What an action taken was on (002 §2.6), as a reader says it: the kind of record in their
 * language and its name, linked where they may open it — never "order 12". A record without a
 * name any more (deleted) shows its kind alone.
 */
export function ActionOnCell({ row }: CellSlotProps) {
  const t = useT();
  const type = typeof row['on_type'] === 'string' ? row['on_type'] : null;
  if (type === null) return <>—</>;
  const key = `audit_entity_type.${type}`;
  const kind = isMessageKey(key) ? t(key) : type;
  const name = typeof row['on_name'] === 'string' ? row['on_name'] : null;
  const id = typeof row['on_id'] === 'number' ? row['on_id'] : null;
  const route = ROUTE_OF[type] ?? type;
  if (name === null || id === null) return <>{kind}</>;
  return (
    <>
      {kind} {routes.some((candidate) => candidate.name === route) ? <ReferenceLink route={route} id={id} text={name} /> : name}
    </>
  );
}
