import { useCallback } from 'react';
import { useParams } from 'react-router';
import { childrenScreens, type ChildrenScreenName } from '../generated/screens';
import type { GenericLink } from '../list/genericListConfig';
import { ScreenLinks } from '../list/ScreenLinks';
import { useMessage } from '../list/useMessage';
import { useRouteNavigate } from '../routing/useRouteNavigate';
import { Spinner } from '../ui/Spinner';
import { ChildListTab, type ChildListConfig } from './ChildListTab';
import './recordView.css';

interface ChildrenScreenConfig {
  readonly title?: string;
  /** The child list, in a record tab's shape: its path takes the route's `:id`. */
  readonly list: ChildListConfig;
  readonly links: readonly GenericLink[];
}

const configs: Readonly<Record<string, ChildrenScreenConfig>> = childrenScreens;

/**
 * One child list of the record the route's `:id` names, on a page of its own (spec `children:`;
 * an order's audit log or serial numbers, 001 §2). The API decides who sees it: a record outside
 * the caller's reach (404) leads to the not-found page, as a record screen does (000 §8), and a
 * refusal (403) to the forbidden one.
 */
export function GenericChildrenScreen({ name }: { name: ChildrenScreenName }) {
  const config = configs[name];
  if (!config) throw new Error(`Unknown child-list screen "${name}"`);
  const message = useMessage();
  const { id } = useParams();
  const goTo = useRouteNavigate();
  const onFailed = useCallback(
    (status: number) => {
      if (status === 404) goTo('notFound', {}, { replace: true });
      if (status === 403) goTo('forbidden', {}, { replace: true });
    },
    [goTo],
  );
  return (
    <section className="record-view">
      {config.title && <h1>{message(config.title) ?? config.title}</h1>}
      <ScreenLinks links={config.links} place="header" id={id} />
      {id === undefined ? <Spinner /> : <ChildListTab tab={config.list} id={id} onFailed={onFailed} />}
      <ScreenLinks links={config.links} place="footer" id={id} />
    </section>
  );
}
