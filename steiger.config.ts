import { defineConfig } from 'steiger';
import fsd from '@feature-sliced/steiger-plugin';

export default defineConfig([
  ...fsd.configs.recommended,
  {
    // Tests sit next to what they test and may reach into their own slice.
    files: ['./src/**/*.test.{ts,tsx}'],
    rules: { 'fsd/no-public-api-sidestep': 'off' },
  },
]);
