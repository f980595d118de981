import type { CustomCellRendererProps } from 'ag-grid-react';
import type { ReactNode } from 'react';
import { RouteLink } from '../routing/RouteLink';
import { WarningIcon } from './WarningIcon';

/**
 * A cell renderer that links to a route with the row's `param` field as the `id` parameter (when
 * a route is given and `linkable` passes the row), followed by a warning icon when `warning` has
 * one for the row. AG Grid renders React cells through portals, so the router context reaches the link.
 */
export function linkCell<Row>(
  route: string | undefined,
  param: keyof Row & string,
  warning?: (row: Row) => string | null,
  linkable?: (row: Row) => boolean,
) {
  return function LinkCell(props: CustomCellRendererProps<Row>) {
    // A row that is not linkable shows its text alone, like a row without an id.
    const id = props.data && (!linkable || linkable(props.data)) ? props.data[param] : undefined;
    const text = String(props.value ?? '');
    const tooltip = props.data && warning ? warning(props.data) : null;
    return (
      <>
        {route && id !== undefined && id !== null ? (
          <RouteLink to={route} params={{ id: String(id) }}>
            {text}
          </RouteLink>
        ) : (
          text
        )}
        {tooltip && <> <WarningIcon text={tooltip} /></>}
      </>
    );
  };
}

/** A cell renderer drawing the cell from its row (row actions, a hand-written cell). */
export function renderedCell<Row>(render: (row: Row) => ReactNode) {
  return function RenderedCell(props: CustomCellRendererProps<Row>) {
    return props.data ? <>{render(props.data)}</> : null;
  };
}
