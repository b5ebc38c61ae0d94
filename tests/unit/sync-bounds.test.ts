/**
 * Bounded work: the per-record loop giving the event loop its turns.
 */
import { describe, expect, it } from 'vitest';
import { RawItemSchema, toItem } from '../../src/lib/normalise/item.ts';
import { normaliseRecords, RECORDS_PER_TURN } from '../../src/lib/normalise/records.ts';
import { ItemSchema } from '../../src/lib/schemas/index.ts';
import { SAMPLE } from '../support/record-context.ts';

describe('the per-record loop', () => {
  it('lets the event loop turn while it normalises: a timer set before it fires before the last record', async () => {
    let hasFired = false;
    const timer = setTimeout(() => {
      hasFired = true;
    }, 0);
    const firedAt: boolean[] = [];
    const records = Array.from({ length: RECORDS_PER_TURN * 3 + 1 }, (_, index) => ({ id: index + 1 }));
    const { entries } = await normaliseRecords(
      records,
      RawItemSchema,
      (raw, context) => {
        firedAt.push(hasFired);
        return toItem(raw, 'tour', context);
      },
      ItemSchema,
      SAMPLE,
    );
    clearTimeout(timer);
    expect(entries).toHaveLength(records.length);
    expect(firedAt[0]).toBe(false);
    expect(firedAt.at(-1)).toBe(true);
  });
});
