import type { ComponentType } from 'react';
import type { Guard } from '../session/guard';

/** What a route demands beyond being signed in (002 §6); the API checks its own guards. */
export type { Guard };

/**
 * One breadcrumb. `label` is a message key; `param` shows a route parameter as-is;
 * `lookup` names a crumb resolver (runtime/layout/crumbResolvers) that loads a record's name.
 */
export interface Crumb {
  label?: string;
  route?: string;
  param?: string;
  lookup?: string;
}

export interface RouteDef {
  name: string;
  /** react-router path syntax (`/webstore/product/:id`, `*` for the fallback). */
  path: string;
  public: boolean;
  guard?: Guard;
  breadcrumbs: Crumb[];
  /** Name of the route this one redirects to. */
  redirect?: string;
  screen?: string;
  Component?: ComponentType;
}
