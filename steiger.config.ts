import { defineConfig } from 'steiger';
import fsd from '@feature-sliced/steiger-plugin';

export default defineConfig([
  ...fsd.configs.recommended,
  {
    // An entity holds its business object's card, labels and formatters even while one page shows
    // them (a whisper's card is the whisper's, not the list page's); the rule would merge it back.
    files: ['./src/entities/**'],
    rules: { 'fsd/insignificant-slice': 'off' },
  },
  {
    // Tests sit next to what they test and may reach into their own slice.
    files: ['./src/**/*.test.{ts,tsx}'],
    rules: { 'fsd/no-public-api-sidestep': 'off' },
  },
]);
