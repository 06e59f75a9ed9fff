import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageCursor } from './cursor';

const cursor = pageCursor(z.tuple([z.string(), z.number()]));

describe('page cursors', () => {
  it('reads back the position it wrote', () => {
    expect(cursor.decode(cursor.encode(['2026-01-02T03:04:05.000Z', 7]))).toEqual([
      '2026-01-02T03:04:05.000Z',
      7,
    ]);
  });

  it('is base64url of the JSON, as the cursors already handed out are', () => {
    const keys = pageCursor(z.object({ at: z.string(), id: z.string(), dir: z.string() }));
    // Buffer.from(JSON.stringify(key)).toString('base64url'), the format before it was shared.
    expect(keys.encode({ at: '2026-01-02T03:04:05.000Z', id: 'x', dir: 'next' })).toBe(
      'eyJhdCI6IjIwMjYtMDEtMDJUMDM6MDQ6MDUuMDAwWiIsImlkIjoieCIsImRpciI6Im5leHQifQ',
    );
  });

  it('keeps characters outside ASCII', () => {
    expect(cursor.decode(cursor.encode(['Café ☕', 1]))).toEqual(['Café ☕', 1]);
  });

  it('reads what it did not write as null', () => {
    expect(cursor.decode('not base64 !')).toBeNull();
    expect(cursor.decode('e29vcHM')).toBeNull(); // '{oops'
    expect(cursor.decode('')).toBeNull();
    expect(cursor.decode(pageCursor(z.string()).encode('x'))).toBeNull();
  });
});
