import type { TestProject } from 'vitest/node';
import { startApp } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One started app for the whole e2e run; journeys reset the shops they use through /sandbox. */
export default async function setup(project: TestProject) {
  const app = await startApp();
  project.provide('baseUrl', app.baseUrl);
  return () => app.stop();
}
