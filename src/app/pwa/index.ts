// The installable app's parts of the page (issue 36): the offline banner, the update prompt, and
// the service worker's registration (loaded after the page, src/app/index.tsx).
export { OfflineBanner } from './offline-banner';
export { UpdatePrompt } from './update-prompt';
export { offerUpdate } from './update-offer';
