import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** React.lazy for a named export, so each page's code is its own chunk. */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] }));
}
