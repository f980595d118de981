import { GenericListView } from '../../runtime/list/GenericListView';
import { genericListConfig } from '../../runtime/list/genericListConfig';
import { useGenericList } from '../../runtime/list/useGenericList';
import { PrintButton } from '../common/PrintButton';

/** The invoices list (spec screen `invoices`, with its download action) and Print above it (001 §2). */
export function InvoicesPage() {
  const list = useGenericList(genericListConfig('invoices'));
  return (
    <>
      <div className="page-toolbar">
        <PrintButton />
      </div>
      <GenericListView list={list} />
    </>
  );
}
