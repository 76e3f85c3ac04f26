import { defineConfig } from 'steiger';
import fsd from '@feature-sliced/steiger-plugin';

export default defineConfig([
  ...fsd.configs.recommended,
  {
    // Tests sit next to what they test and may reach into their own slice.
    files: ['./src/**/*.test.{ts,tsx}'],
    rules: { 'fsd/no-public-api-sidestep': 'off' },
  },
  {
    // The user actions the design names are features even while one page uses each: a newcomer
    // looking for how liking works opens features/like-whisper, not a page.
    files: ['./src/features/{like-whisper,follow-user,add-friend,join-challenge,answer-friend-request}/**'],
    rules: { 'fsd/insignificant-slice': 'off' },
  },
]);
