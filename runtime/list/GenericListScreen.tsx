import type { ListScreenName } from '../generated/screens';
import { genericListConfig } from './genericListConfig';
import { GenericListView } from './GenericListView';
import { useGenericList } from './useGenericList';

/** A list screen of the spec (`list:`), drawn from its generated configuration. */
export function GenericListScreen({ name }: { name: ListScreenName }) {
  const list = useGenericList(genericListConfig(name));
  return <GenericListView list={list} />;
}
