import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

/**
 * Staff passwords (issue 28): zxcvbn-ts estimates how many guesses a password takes, knowing
 * common passwords, names, words, keyboard walks, repeats, sequences, dates and l33t; no rules of
 * our own. Score 3 of 4 ("safely unguessable": about 10^10 guesses) is the least accepted, so
 * `aaaaaaaaaaaa` (score 0) or `password1234` (1) is refused with zxcvbn's own advice.
 */
export const PASSWORD_MIN_SCORE = 3;

/** Built on first use: the dictionaries take about a second to load. */
let estimator: ZxcvbnFactory | null = null;
const zxcvbn = () => {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  return estimator;
};

/**
 * Why the password is too easy to guess (the words to show), or null when it is strong enough.
 * `related` are words of the account (its e-mail), which a password must not lean on.
 */
export function passwordWeakness(password: string, related: string[] = []): string | null {
  const words = related.flatMap((text) => [text, ...text.split(/[@.+_-]+/)]).filter(Boolean);
  const result = zxcvbn().check(password, ['popstage', ...words]);
  if (result.score >= PASSWORD_MIN_SCORE) return null;
  const advice = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean);
  return ['This password is too easy to guess.', ...advice].join(' ');
}
