// The shape of the one route table (routes.tsx) and the lookups the access rules need.
import type { MessageDescriptor } from '@lingui/core';
import type { ComponentType } from 'react';

export interface RouteDef {
  /** Absolute path; routes take no parameters (spec §2). */
  path: string;
  title: MessageDescriptor;
  component: ComponentType;
  /** Reachable without login (spec §2 access rules). Inherited by children. */
  public?: boolean;
  /** Mobile-only: desktop visitors go to / (spec §2, docs/product-rules.md). Inherited by children. */
  mobileOnly?: boolean;
  /** Loaded on demand (React.lazy). Inherited by children. */
  lazy?: boolean;
  /** Entered only with certification status 0, or 1 with audit 3 (spec §2). Inherited by children. */
  certificationEntry?: boolean;
  /** A parent that shows its index child. */
  redirectTo?: string;
  /** The watermark covers every page except these (spec §1). Default true. */
  watermark?: boolean;
  children?: RouteDef[];
}

export type FlatRoute = Omit<RouteDef, 'children'> & { parent?: string };

export function flattenRoutes(
  routes: readonly RouteDef[],
  inherited: Partial<RouteDef> = {},
  parent?: string,
): FlatRoute[] {
  const out: FlatRoute[] = [];
  for (const { children, ...route } of routes) {
    const flat: FlatRoute = {
      ...route,
      public: route.public ?? inherited.public,
      mobileOnly: route.mobileOnly ?? inherited.mobileOnly,
      lazy: route.lazy ?? inherited.lazy,
      certificationEntry: route.certificationEntry ?? inherited.certificationEntry,
      ...(parent ? { parent } : {}),
    };
    out.push(flat);
    if (children) out.push(...flattenRoutes(children, flat, route.path));
  }
  return out;
}

/** '/gateway/' and '/gateway' are one path; the query and hash are not part of it. */
export function normalisePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '';
  const trimmed = bare.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
