export { getAppConfig, getBackendOrigin, assetUrl } from './app-config';
export type { AppConfig } from './app-config';
export { paths, shellessPaths, isShellHidden } from './routes';
export { SUBMIT_MESSAGES } from './messages';
