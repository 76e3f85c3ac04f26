import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { baseApi } from './base-api';

// Every invalidation must have a query that provides it: a tag nothing provides refetches nothing,
// silently. The definitions are read as they are injected, then each tag function is called with
// sample arguments (a string id, and an object whose every field is an id).
type Tag = string | { type: string; id?: string | number };
type TagSpec = Tag[] | ((result: unknown, error: unknown, arg: unknown) => Tag[] | undefined) | undefined;
interface Definition {
  providesTags?: TagSpec;
  invalidatesTags?: TagSpec;
}

const sampleArgs: unknown[] = ['some-id', new Proxy({}, { get: () => 'some-id' })];
const sampleResults: unknown[] = [undefined, { status: true, user: null }, { status: true, user: { _id: 'some-id' } }];

function tagsOf(spec: TagSpec): { type: string; id?: string | number }[] {
  if (!spec) return [];
  const lists = typeof spec === 'function'
    ? sampleArgs.flatMap((arg) => sampleResults.map((result) => {
      try {
        return spec(result, undefined, arg) ?? [];
      } catch {
        return [];
      }
    }))
    : [spec];
  return lists.flat().map((tag) => (typeof tag === 'string' ? { type: tag } : tag));
}

async function loadDefinitions(): Promise<Map<string, Definition>> {
  const definitions = new Map<string, Definition>();
  const fakeBuild = { query: (d: Definition) => d, mutation: (d: Definition) => d, infiniteQuery: (d: Definition) => d };
  const inject = baseApi.injectEndpoints.bind(baseApi);
  const spy = jest.spyOn(baseApi, 'injectEndpoints').mockImplementation(((options: Parameters<typeof inject>[0]) => {
    for (const [name, definition] of Object.entries(options.endpoints(fakeBuild as never))) {
      definitions.set(name, definition as Definition);
    }
    return inject(options);
  }) as unknown as typeof baseApi.injectEndpoints);
  for (const file of readdirSync(join(__dirname, 'endpoints'))) {
    if (/\.ts$/.test(file) && !/\.test\.ts$/.test(file)) await import(`./endpoints/${file}`);
  }
  spy.mockRestore();
  return definitions;
}

// Loaded once: a module injects its endpoints when first imported.
let definitions: Map<string, Definition>;
beforeAll(async () => {
  definitions = await loadDefinitions();
});

it('invalidates only tags that some query provides', () => {
  expect(definitions.has('getUser')).toBe(true);
  const provided = [...definitions.values()].flatMap((definition) => tagsOf(definition.providesTags));

  const unprovided: string[] = [];
  for (const [name, definition] of definitions) {
    for (const tag of tagsOf(definition.invalidatesTags)) {
      // A LIST tag needs a list query; an item id is only known at run time, so its type is enough.
      const match = provided.some((p) => p.type === tag.type && (tag.id !== 'LIST' || p.id === 'LIST'));
      if (!match) unprovided.push(`${name}: ${tag.type}${tag.id === undefined ? '' : ` ${tag.id}`}`);
    }
  }
  expect(unprovided).toEqual([]);
});

it('has queries providing the tags of the resources written so far', () => {
  const providedTypes = new Set([...definitions.values()].flatMap((d) => tagsOf(d.providesTags).map((tag) => tag.type)));
  expect([...providedTypes].sort()).toEqual(expect.arrayContaining(['Notification', 'User']));
});
