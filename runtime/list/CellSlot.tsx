import { cellSlots } from '../generated/slots';
import { Slot } from '../slots/Slot';

/** A hand-written cell of a list or record tab (spec column `component`), given its row. */
export function CellSlot({
  component,
  row,
  recordId,
  reload,
}: {
  component: string;
  row: Readonly<Record<string, unknown>>;
  recordId?: string;
  reload: () => void;
}) {
  return <Slot registry={cellSlots} component={component} props={{ row, ...(recordId !== undefined && { recordId }), reload }} />;
}
