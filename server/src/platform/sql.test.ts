import { describe, expect, it } from 'vitest';
import { likePattern, pageOffset } from './sql.ts';

describe('list SQL helpers', () => {
  it('finds a keyword anywhere, with %, _ and \\ matching themselves', () => {
    expect(likePattern('cam')).toBe('%cam%');
    expect(likePattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });

  it('skips the rows of the pages before', () => {
    expect(pageOffset(1, 20)).toBe(0);
    expect(pageOffset(3, 10)).toBe(20);
  });
});
