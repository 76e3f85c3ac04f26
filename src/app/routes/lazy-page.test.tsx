import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { lazyPage, type LazyPage } from './lazy-page';

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

const inSuspense = (Page: LazyPage, extra?: string) => (
  <Suspense fallback={<p>Loading the page</p>}>
    <Page />
    {extra}
  </Suspense>
);

it('renders a preloaded page at once, without the fallback, and loads its chunk once', async () => {
  const { arrive, load } = aChunk();
  const Page = lazyPage(load);
  const preloading = Page.preload();
  arrive();
  await preloading;
  render(inSuspense(Page));
  expect(screen.getByRole('textbox', { name: 'Typed' })).toBeInTheDocument();
  expect(screen.queryByText('Loading the page')).not.toBeInTheDocument();
  await Page.preload();
  expect(load).toHaveBeenCalledTimes(1);
});

it('shows the fallback for a page not preloaded, then the page, which keeps what was typed across later renders', async () => {
  const { arrive, load } = aChunk();
  const Page = lazyPage(load);
  const { rerender } = render(inSuspense(Page));
  expect(screen.getByText('Loading the page')).toBeInTheDocument();
  await act(async () => arrive());
  const field = await screen.findByRole('textbox', { name: 'Typed' });
  await act(async () => {
    field.focus();
  });
  // Typing, then a render of the parent: the page is the same mount (a remount would empty it).
  fireEvent.change(field, { target: { value: 'Goa in March' } });
  rerender(inSuspense(Page, 'again'));
  expect(screen.getByRole('textbox', { name: 'Typed' })).toHaveValue('Goa in March');
  expect(load).toHaveBeenCalledTimes(1);
});

it('loads a chunk that failed again on the next try', async () => {
  const load = jest.fn<Promise<() => React.ReactNode>, []>()
    .mockRejectedValueOnce(new Error('Loading chunk 504 failed.'))
    .mockResolvedValueOnce(() => <h1>Account Settings</h1>);
  const Page = lazyPage(load);
  await expect(Page.preload()).rejects.toThrow('Loading chunk 504 failed.');
  await Page.preload();
  render(inSuspense(Page));
  expect(screen.getByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});
