import { act, fireEvent, render, screen } from '@testing-library/react';
import { Component, useState, type ReactNode } from 'react';
import { lazyPage } from './lazy-page';

/** A page's chunk that comes when the test says. */
function aChunk() {
  let arrive!: () => void;
  const chunk = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  function Typed() {
    const [text, setText] = useState('');
    return <input aria-label="Typed" value={text} onChange={(event) => setText(event.target.value)} />;
  }
  const load = jest.fn(() => chunk.then(() => Typed));
  return { arrive, load };
}

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? <p>{this.state.error.message}</p> : this.props.children;
  }
}

it('draws a preloaded page at once, with no spinner, and loads its chunk once', async () => {
  const { arrive, load } = aChunk();
  const Page = lazyPage(load);
  const preloading = Page.preload();
  arrive();
  await preloading;
  render(<Page />);
  expect(screen.getByRole('textbox', { name: 'Typed' })).toBeInTheDocument();
  expect(screen.queryByRole('status', { name: 'Loading page' })).not.toBeInTheDocument();
  await Page.preload();
  expect(load).toHaveBeenCalledTimes(1);
});

it('shows the page\'s spinner until its chunk comes, then the page, which keeps what was typed across later renders', async () => {
  const { arrive, load } = aChunk();
  const Page = lazyPage(load);
  const { rerender } = render(<Page />);
  expect(screen.getByRole('status', { name: 'Loading page' })).toBeInTheDocument();
  await act(async () => arrive());
  const field = screen.getByRole('textbox', { name: 'Typed' });
  fireEvent.change(field, { target: { value: 'Goa in March' } });
  rerender(<Page />);
  expect(screen.getByRole('textbox', { name: 'Typed' })).toHaveValue('Goa in March');
  expect(load).toHaveBeenCalledTimes(1);
});

it('throws a chunk that failed to load to the error boundary, and asks for it again when the page next mounts', async () => {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const load = jest.fn<Promise<() => ReactNode>, []>()
    .mockRejectedValueOnce(new Error('Loading chunk 504 failed.'))
    .mockResolvedValueOnce(() => <h1>Account Settings</h1>);
  const Page = lazyPage(load);
  const { unmount } = render(<Boundary><Page /></Boundary>);
  expect(await screen.findByText('Loading chunk 504 failed.')).toBeInTheDocument();
  unmount();

  render(<Boundary><Page /></Boundary>);
  expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
  consoleError.mockRestore();
});
