import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { LoaderFunctionArgs } from 'react-router-dom';
import type { ApiClient } from './api/client';

/**
 * What a screen's route loader gets. Loaders start the screen's queries (prefetch) and return at
 * once, so the data is on its way before the screen mounts; they never block navigation.
 */
export interface ScreenLoaderContext {
  api: ApiClient;
  queryClient: QueryClient;
  /** The shop the admin runs for (the host knows it before any call). */
  shopDomain: string;
}

export type ScreenLoader = (context: ScreenLoaderContext, args: LoaderFunctionArgs) => void;

/**
 * A screen module (`features/<area>/<screen>/index.tsx`): React Router's lazy route shape, with
 * the loader taking the admin's context. The route table (app/routes.tsx) binds the context.
 */
export interface ScreenModule {
  Component: ComponentType;
  loader?: ScreenLoader;
}
