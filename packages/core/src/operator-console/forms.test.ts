import { describe, expect, it } from 'vitest';
import { discountCodeInputSchema, signInSchema, staffMemberSchema, totpCodeSchema } from './forms';

const code = (fields: Record<string, unknown>) =>
  discountCodeInputSchema.safeParse({
    code: 'spring-10',
    description: '',
    kind: 'percentage',
    value: '10',
    appliesTo: ['popclips'],
    endsAt: '',
    maxRedemptions: '',
    ...fields,
  });
const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('console forms', () => {
  it('reads a sign-in with the e-mail lower-cased and the code optional', () => {
    expect(signInSchema.parse({ email: 'Ops@Popstage.App', password: 'x' })).toEqual({
      email: 'ops@popstage.app',
      password: 'x',
      code: '',
    });
    expect(signInSchema.safeParse({ email: 'a@b.co', password: 'x', code: '12345' }).success).toBe(
      false,
    );
    expect(signInSchema.safeParse({ email: 'nope', password: 'x' }).success).toBe(false);
  });

  it('asks staff passwords for at least 12 characters, hard to guess, and a known role', async () => {
    const staff = { email: 'a@popstage.app', role: 'support' };
    const strong = 'Quiet-Mosaic-Travel-1984';
    const parse = (input: object) => staffMemberSchema.safeParseAsync(input);
    expect((await parse({ ...staff, password: 'x'.repeat(11) })).success).toBe(false);
    expect(messages(await parse({ ...staff, password: 'short' }))).toContain(
      'Use at least 12 characters',
    );
    // Long enough but guessable (the password strength estimator's job).
    expect((await parse({ ...staff, password: 'x'.repeat(12) })).success).toBe(false);
    expect((await parse({ ...staff, password: strong })).success).toBe(true);
    expect((await parse({ ...staff, role: 'owner', password: strong })).success).toBe(false);
    // Checked only asynchronously: a synchronous parse cannot skip the estimator.
    expect(() => staffMemberSchema.safeParse({ ...staff, password: strong })).toThrow();
  });

  it('takes a TOTP code of exactly six digits', () => {
    expect(totpCodeSchema.parse({ code: ' 123456 ' })).toEqual({ code: '123456' });
    expect(messages(totpCodeSchema.safeParse({ code: '12345a' }))).toEqual([
      'The code is 6 digits',
    ]);
  });

  it('reads a discount code upper-cased and checks its value against its kind', () => {
    expect(code({}).data?.code).toBe('SPRING-10');
    expect(code({ value: '100' }).success).toBe(true);
    expect(messages(code({ value: '101' }))).toEqual(['A percentage is at most 100']);
    expect(messages(code({ kind: 'fixed_amount', value: '' }))).toEqual([
      'Enter the discount value',
    ]);
    expect(code({ kind: 'fixed_amount', value: '250.50' }).success).toBe(true);
    expect(code({ kind: 'free_popclips_addon', value: '' }).success).toBe(true);
    expect(messages(code({ value: '9.999' }))).toEqual(['Enter an amount such as 10 or 9.99']);
    expect(messages(code({ code: 'ab' }))).toEqual(['Use 3 to 40 letters, digits, - or _']);
    expect(messages(code({ appliesTo: [] }))).toEqual(['Choose at least one feature']);
    expect(messages(code({ endsAt: '2026-1-1' }))).toEqual(['Enter a date as YYYY-MM-DD']);
    expect(messages(code({ maxRedemptions: '1.5' }))).toEqual(['Enter a whole number']);
  });
});
