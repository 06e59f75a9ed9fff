import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * Staff passwords (issue 28): zxcvbn-ts estimates how many guesses a password takes, knowing
 * common passwords, names, words, keyboard walks, repeats, sequences, dates and l33t; no rules of
 * our own. Score 3 of 4 ("safely unguessable": about 10^10 guesses) is the least accepted, so
 * `aaaaaaaaaaaa` (score 0) or `password1234` (1) is refused with zxcvbn's own advice.
 */
export const PASSWORD_MIN_SCORE = 3;

/**
 * Loaded and built on first use: the dictionaries take about a second to build and, loaded, tens
 * of MB that a server whose staff set no password never needs.
 */
let estimator: Promise<ZxcvbnFactory> | null = null;
const zxcvbn = () => {
  estimator ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([{ ZxcvbnFactory }, common, en]) =>
      new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        translations: en.translations,
      }),
  );
  return estimator;
};

/**
 * Why the password is too easy to guess (the words to show), or null when it is strong enough.
 * `related` are words of the account (its e-mail), which a password must not lean on.
 */
export async function passwordWeakness(
  password: string,
  related: string[] = [],
): Promise<string | null> {
  const words = related.flatMap((text) => [text, ...text.split(/[@.+_-]+/)]).filter(Boolean);
  const result = (await zxcvbn()).check(password, ['popstage', ...words]);
  if (result.score >= PASSWORD_MIN_SCORE) return null;
  const advice = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean);
  return ['This password is too easy to guess.', ...advice].join(' ');
}
