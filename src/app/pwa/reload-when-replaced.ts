/**
 * Reloads this page when a new service worker takes control of it (another tab's "Reload" of the
 * update prompt made it skip waiting): its precache no longer holds the chunks this page was built
 * with, so a lazy route would fail to load. Listened for from the app's start, not from the
 * registration a few seconds later, so a tab opened just before the switch reloads too. The very
 * first worker taking control changes nothing: the page already runs its version.
 */
export function reloadWhenReplaced(container: ServiceWorkerContainer = navigator.serviceWorker, reload = () => window.location.reload()) {
  let controller = container.controller;
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    const replaced = controller !== null;
    controller = container.controller;
    if (!replaced || reloading) return;
    reloading = true;
    reload();
  });
}
