import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAYER_POSITION } from './defaults';
import { playerPositionSchema } from './positions';

describe('player positions (spec 02 §9)', () => {
  it('has the spec defaults', () => {
    expect(DEFAULT_PLAYER_POSITION).toEqual({
      mobile: { xAxis: 0, yAxis: 75 },
      desktop: { xAxis: 0, yAxis: 57 },
    });
  });

  it('takes percentages of the viewport only', () => {
    expect(playerPositionSchema.safeParse({ xAxis: 10, yAxis: 75 }).success).toBe(true);
    expect(playerPositionSchema.safeParse({ xAxis: 500, yAxis: 1 }).success).toBe(false);
  });
});
