// envName is passed by babel-loader (webpack) and set by jest (NODE_ENV=test);
// React's dev JSX runtime only in development: React 19's production jsx-dev-runtime has no jsxDEV, and webpack's mode does not reach babel-loader (it passes envName).
module.exports = (api) => {
  const env = api.env();
  return {
    presets: [
      ['@babel/preset-env', env === 'test' ? { targets: { node: 'current' } } : { bugfixes: true, targets: 'defaults and fully supports es6-module' }],
      ['@babel/preset-react', { runtime: 'automatic', development: env === 'development' }],
      ['@babel/preset-typescript', { allowDeclareFields: true, onlyRemoveTypeImports: false }],
    ],
  };
};
