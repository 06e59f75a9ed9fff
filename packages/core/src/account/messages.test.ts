import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, OTP_MESSAGES } from './messages';

/** The spec's texts, letter for letter (its typos included). */
describe('account and OTP messages', () => {
  it('match spec 01 §8', () => {
    expect(Object.values(OTP_MESSAGES)).toEqual([
      'Invalid phone number. Please enter a valid phone number.',
      'You have reached the maximum number of OTP requests. Please try again later.',
      'Something went wrong while trying to sign in.',
      'Invalid phone number.',
      'Something went wrong while trying to re-send OTP.',
      'Invalid confirmation code',
      'Confirmation code has expired',
      'Something went wrong while trying to verify OTP.',
      'Sending OTP to phone number. Please wait...',
      'Re-sending new OTP to phone number. Please wait...',
    ]);
    expect(Object.values(ACCOUNT_MESSAGES)).toEqual([
      'Email already in use',
      'Phone number already in use',
      'Failed to create CommentSold account. Please contact support.',
      'An error occured during account creation. Please contact support.',
      'Failed to create popshop.live account. Please contact support.',
      'Something went wrong while trying to create account. Please try again.',
      'Something went wrong. Please refresh & try again.',
    ]);
  });
});
