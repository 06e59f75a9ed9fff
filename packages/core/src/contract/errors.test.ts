import { describe, expect, it } from 'vitest';
import { errorBodySchema, readErrorBody } from './errors';

describe('readErrorBody', () => {
  const answers: unknown[] = [
    { error: 'validation', message: 'Invalid email address' },
    { error: 'limit', message: 'Too many', retryAfter: 3, details: { field: 'email' } },
    { error: 'validation' },
    { message: 'no code' },
    { error: 404, message: 'Not found' },
    { error: 'x', message: null },
    [],
    Object.assign(['a'], { error: 'x', message: 'y' }),
    'Bad Gateway',
    null,
    undefined,
    42,
  ];

  it('reads what errorBodySchema accepts, fields kept, and nothing else', () => {
    for (const answer of answers) {
      const parsed = errorBodySchema.safeParse(answer);
      expect(readErrorBody(answer), JSON.stringify(answer)).toEqual(
        parsed.success ? parsed.data : null,
      );
    }
    expect(readErrorBody(answers[1])).toEqual(answers[1]);
    expect(readErrorBody(answers[2])).toBeNull();
  });
});
