import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';
import { minorUnitsToAmount } from './money';

describe('CSV and money', () => {
  it('quotes cells that need it and defuses formulas', () => {
    const csv = toCsv(
      [
        { header: 'title', value: (row: { t: string; n: number }) => row.t },
        { header: 'n', value: (row) => row.n },
      ],
      [
        { t: 'Summer, "hot"', n: -1 },
        { t: '=HYPERLINK("x")', n: 2 },
      ],
    );
    expect(csv).toBe('title,n\r\n"Summer, ""hot""",-1\r\n"\'=HYPERLINK(""x"")",2\r\n');
  });

  it('prints minor units in the currency decimals', () => {
    expect(minorUnitsToAmount(1999, 'USD')).toBe('19.99');
    expect(minorUnitsToAmount(5, 'USD')).toBe('0.05');
    expect(minorUnitsToAmount(1000, 'JPY')).toBe('1000');
    expect(minorUnitsToAmount(-1234, 'KWD')).toBe('-1.234');
    expect(minorUnitsToAmount(0, 'EUR')).toBe('0.00');
  });
});
