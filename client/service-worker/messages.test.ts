import { describe, expect, it } from 'vitest';
import { readWorkerMessage } from './messages.ts';

describe('readWorkerMessage', () => {
  it('reads the messages the worker knows, keeping only string URLs', () => {
    expect(
      readWorkerMessage({ type: 'cache-tiles', urls: ['https://tile.openstreetmap.org/1/0/0.png', 7, null] }),
    ).toEqual({
      type: 'cache-tiles',
      urls: ['https://tile.openstreetmap.org/1/0/0.png'],
    });
    expect(readWorkerMessage({ type: 'forget-tiles', extra: true })).toEqual({ type: 'forget-tiles' });
  });

  it('ignores anything else a page might post', () => {
    for (const data of [
      null,
      'cache-tiles',
      42,
      {},
      { type: 'cache-tiles' },
      { type: 'cache-tiles', urls: 'x' },
      { type: 'drop-tables' },
    ]) {
      expect(readWorkerMessage(data)).toBeNull();
    }
  });
});
