import { truncate } from '.';

describe('truncate', () => {
  it('keeps text up to the limit and cuts longer text with an ellipsis', () => {
    expect(truncate('a'.repeat(90), 90)).toBe('a'.repeat(90));
    expect(truncate(`${'a'.repeat(90)}b`, 90)).toBe(`${'a'.repeat(90)}...`);
    expect(truncate('word '.repeat(30), 12)).toBe('word word wo...');
  });
});
