import { reloadWhenReplaced } from './reload-when-replaced';

/** A service worker container whose controller the test changes, as the browser would. */
function fakeContainer(controller: object | null) {
  const target = new EventTarget() as EventTarget & { controller: object | null };
  target.controller = controller;
  const takeOver = (next: object) => {
    target.controller = next;
    target.dispatchEvent(new Event('controllerchange'));
  };
  return { container: target as unknown as ServiceWorkerContainer, takeOver };
}

it('reloads once when a new worker replaces the one that controlled the page', () => {
  const reload = jest.fn();
  const { container, takeOver } = fakeContainer({ version: 1 });
  reloadWhenReplaced(container, reload);
  takeOver({ version: 2 });
  takeOver({ version: 3 });
  expect(reload).toHaveBeenCalledTimes(1);
});

it('does not reload when the first worker takes control of a page that had none', () => {
  const reload = jest.fn();
  const { container, takeOver } = fakeContainer(null);
  reloadWhenReplaced(container, reload);
  takeOver({ version: 1 });
  expect(reload).not.toHaveBeenCalled();
  // A later version replacing that first one does reload.
  takeOver({ version: 2 });
  expect(reload).toHaveBeenCalledTimes(1);
});
