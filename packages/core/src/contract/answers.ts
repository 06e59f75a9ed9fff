import { z } from 'zod';

/** The answer of most admin calls: the route's value under `data`, as the spec's wire has it. */
export const dataAnswer = <T extends z.ZodType>(data: T) => z.object({ data });
