interface WithApi {
  getState: () => unknown;
}

/** The cache keys of a store's api queries still waiting for an answer: [] once every read has settled. */
export function pendingQueries(store: WithApi): string[] {
  const { queries } = (store.getState() as { api: { queries: Record<string, { status?: string } | undefined> } }).api;
  return Object.entries(queries)
    .filter(([, query]) => query?.status === 'pending')
    .map(([key]) => key);
}
