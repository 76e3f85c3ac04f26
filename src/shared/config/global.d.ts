// Globals provided outside the bundle: webpack's DefinePlugin (__MOCK__).
declare global {
  const __MOCK__: boolean;
}

export {};
