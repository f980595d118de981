import type { CustomCellRendererProps } from 'ag-grid-react';
import { RouteLink } from '../routing/RouteLink';

/**
 * A cell renderer that links to a route with the row's `param` field as the `id` parameter.
 * AG Grid renders React cells through portals, so the router context reaches the link.
 */
export function linkCell<Row>(route: string, param: keyof Row & string) {
  return function LinkCell(props: CustomCellRendererProps<Row>) {
    const id = props.data?.[param];
    const text = String(props.value ?? '');
    if (id === undefined || id === null) return <>{text}</>;
    return (
      <RouteLink to={route} params={{ id: String(id) }}>
        {text}
      </RouteLink>
    );
  };
}
