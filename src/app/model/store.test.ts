import { compose } from '@reduxjs/toolkit';
import { MASKED } from '@/shared/auth';
import type * as Model from '.';

type DevToolsOptions = { stateSanitizer: (state: object) => object; actionSanitizer: (action: object) => object };

it('hands Redux DevTools the state and actions with the token and every password masked', () => {
  const options: DevToolsOptions[] = [];
  const devTools = window as unknown as { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: (given: DevToolsOptions) => typeof compose };
  devTools.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ = (given) => {
    options.push(given);
    return compose;
  };
  try {
    // Redux Toolkit looks for the extension when it is first loaded: load the store afresh.
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { makeStore } = require('.') as typeof Model;
      makeStore({ session: { userId: 'u1', token: 'secret-jwt', expired: false } });
    });
  } finally {
    delete devTools.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__;
  }
  const [{ stateSanitizer, actionSanitizer }] = options;
  const state = { session: { userId: 'u1', token: 'secret-jwt', expired: false }, api: { mutations: { m: { originalArgs: { username: 'asha', password: 'hunter22' } } } } };
  expect(stateSanitizer(state)).toEqual({
    session: { userId: 'u1', token: MASKED, expired: false },
    api: { mutations: { m: { originalArgs: { username: 'asha', password: MASKED } } } },
  });
  const login = { type: 'api/executeMutation/fulfilled', payload: { user: { _id: 'u1' }, token: 'secret-jwt' }, meta: { arg: { originalArgs: { oldPassword: 'a', newPassword: 'b', confirmPassword: 'b' } } } };
  expect(actionSanitizer(login)).toEqual({
    type: 'api/executeMutation/fulfilled', payload: { user: { _id: 'u1' }, token: MASKED },
    meta: { arg: { originalArgs: { oldPassword: MASKED, newPassword: MASKED, confirmPassword: MASKED } } },
  });
  // A challenge's tokens are a count, not a secret; the state itself is left as it was.
  expect(stateSanitizer({ tokens: 40 })).toEqual({ tokens: 40 });
  expect(state.session.token).toBe('secret-jwt');
});
