/** Set by webpack's DefinePlugin: true for `npm run dev:mock` (the SPA on MSW, no server). */
declare const __MOCK__: boolean;
