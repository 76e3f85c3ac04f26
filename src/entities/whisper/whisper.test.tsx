import { fortWhisper } from '@mocks/fixtures/whispers';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@test-utils/render';
import { toWhisper } from '@/shared/api';
import { likesText, WhisperCard, whisperImages } from '.';

it('counts likes in the singular for one', () => {
  expect(likesText(0)).toBe('0 likes');
  expect(likesText(1)).toBe('1 like');
  expect(likesText(5)).toBe('5 likes');
});

it('shows the stock picture for a whisper without its own', () => {
  expect(whisperImages({ title: 'Stepwell', images: [] })).toEqual([{ src: expect.stringMatching(/whisper-1\.svg$/), alt: 'Stepwell, image 1' }]);
});

it("a card shows the author, how long ago, the story cut at 100, the page's actions and the place", () => {
  const whisper = toWhisper(fortWhisper)!;
  const now = Date.parse(whisper.createdAt) + 5 * 60_000;
  renderWithProviders(<ul><WhisperCard whisper={whisper} now={now} actions={<button type="button">Like</button>} /></ul>);
  expect(screen.getByRole('link', { name: `@${whisper.user.username}` })).toHaveAttribute('href', `/whispers/profile/${whisper.user._id}`);
  expect(screen.getByText('5 minutes ago')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: new RegExp(whisper.title) })).toHaveTextContent(`${whisper.description.slice(0, 100).trimEnd()}...`);
  expect(screen.getByRole('button', { name: 'Like' })).toBeInTheDocument();
  expect(screen.getByText('Chapora, Goa')).toBeInTheDocument();
});
