import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoadFailure, RecordFallback } from '.';

it('says what did not come, asks to check the connection, and tries again on click', async () => {
  const retry = jest.fn();
  render(<LoadFailure title="Could not load skills" onRetry={retry} />);
  expect(screen.getByText('Could not load skills')).toBeInTheDocument();
  expect(screen.getByText('Check your connection and try again.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(retry).toHaveBeenCalledTimes(2);
  // Called without the click event: a query's refetch takes no argument.
  expect(retry).toHaveBeenCalledWith();
});

it("keeps each screen's own words: its heading level, its text or none", () => {
  const { rerender } = render(<LoadFailure title="Could not load this event" titleAs="h1" onRetry={() => undefined} />);
  expect(screen.getByRole('heading', { level: 1, name: 'Could not load this event' })).toBeInTheDocument();
  rerender(<LoadFailure title="Couldn't load notifications." description={null} compact onRetry={() => undefined} />);
  expect(screen.queryByText('Check your connection and try again.')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try again' })).toHaveClass('btn--secondary', 'btn--sm');
});

describe('RecordFallback', () => {
  const show = (query: { isLoading: boolean; error?: unknown }) =>
    render(<RecordFallback query={{ ...query, refetch: () => undefined }} loading="Loading skill" failure="Could not load this skill" missing={<p>Skill not found</p>} />);

  it('spins while the record loads', () => {
    show({ isLoading: true });
    expect(screen.getByRole('status', { name: 'Loading skill' })).toBeInTheDocument();
  });

  it('says the record is not there for a 404, a 400 (an id that cannot name one), or when nothing came', () => {
    show({ isLoading: false, error: { status: 404 } });
    expect(screen.getByText('Skill not found')).toBeInTheDocument();
    show({ isLoading: false, error: { status: 400, data: { message: 'id is not a valid uuid' } } });
    show({ isLoading: false });
    expect(screen.getAllByText('Skill not found')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('offers Try again for any other failure', () => {
    show({ isLoading: false, error: { status: 'FETCH_ERROR' } });
    expect(screen.getByText('Could not load this skill')).toBeInTheDocument();
    show({ isLoading: false, error: { status: 500 } });
    expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(2);
  });
});
