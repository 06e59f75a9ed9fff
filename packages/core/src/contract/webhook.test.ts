import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from './errors';
import { webhookAnswerSchema } from './webhook';

describe('webhook answers', () => {
  const answer = webhookAnswerSchema(z.object({ outcome: z.string() }));

  it('is a duplicate without fields, or a first delivery with the topic’s fields', () => {
    expect(answer.parse({ ok: true, duplicate: true })).toEqual({ ok: true, duplicate: true });
    expect(answer.parse({ ok: true, duplicate: false, outcome: 'recorded' })).toEqual({
      ok: true,
      duplicate: false,
      outcome: 'recorded',
    });
  });

  it('refuses a first delivery without its fields, and anything not ok', () => {
    expect(answer.safeParse({ ok: true, duplicate: false }).success).toBe(false);
    expect(answer.safeParse({ ok: false, duplicate: true }).success).toBe(false);
    expect(answer.safeParse({ ok: true }).success).toBe(false);
  });
});

describe('error bodies', () => {
  it('carry an error and a message, plus any field a route documents', () => {
    expect(errorBodySchema.parse({ error: 'Bad Request', message: 'No', issues: [] })).toEqual({
      error: 'Bad Request',
      message: 'No',
      issues: [],
    });
    expect(errorBodySchema.safeParse({ error: 'Bad Request' }).success).toBe(false);
  });
});
