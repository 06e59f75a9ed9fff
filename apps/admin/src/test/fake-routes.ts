/** A fake server answer: a JSON body with a status (200 unless given). */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
}

/**
 * Fakes for other calls, keyed 'METHOD /path' (exact path) or 'METHOD /prefix/*'. A handler gets
 * the request and its parsed JSON body.
 */
export type FakeRoutes = Record<
  string,
  FakeAnswer | ((request: Request, body: unknown) => FakeAnswer | Promise<FakeAnswer>)
>;
