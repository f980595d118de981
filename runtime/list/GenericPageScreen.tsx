import { pageScreens, type PageScreenName } from '../generated/screens';
import { GenericListView } from './GenericListView';
import { genericListConfig } from './genericListConfig';
import { useGenericList } from './useGenericList';
import { useMessage } from './useMessage';

/** One list of a page screen, with its own filters, paging and heading. */
function Section({ name }: { name: string }) {
  const list = useGenericList(genericListConfig(name));
  return <GenericListView list={list} headingLevel={2} />;
}

/** A page screen of the spec (`sections:`): its title, then its list screens one under the other. */
export function GenericPageScreen({ name }: { name: PageScreenName }) {
  const message = useMessage();
  const page: { readonly title?: string; readonly sections: readonly string[] } = pageScreens[name];
  return (
    <div className="generic-page">
      {page.title && <h1>{message(page.title) ?? page.title}</h1>}
      {page.sections.map((section) => (
        <Section key={section} name={section} />
      ))}
    </div>
  );
}
