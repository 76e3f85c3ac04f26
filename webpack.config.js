// One build for every deployment: runtime settings come from /config.js (served by the server).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';

const root = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = `http://localhost:${process.env.API_PORT ?? 8081}`;

export default (env = {}, argv = {}) => {
  const prod = argv.mode === 'production';
  const mock = Boolean(env.mock);
  return {
    mode: prod ? 'production' : 'development',
    entry: path.join(root, 'src/app/index.tsx'),
    output: {
      path: path.join(root, 'dist'),
      publicPath: '/',
      filename: prod ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: prod ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    // Production maps stay in dist/ for reading stack traces, unreferenced and never served (server/plugins/static-files.ts).
    devtool: prod ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      alias: {
        '@': path.join(root, 'src'),
        '@mocks': path.join(root, 'mocks'),
        // react-router's package exports only point at its development build; use the production one.
        ...(prod ? {
          'react-router$': path.join(root, 'node_modules/react-router/dist/production/index.mjs'),
          'react-router/dom$': path.join(root, 'node_modules/react-router/dist/production/dom-export.mjs'),
        } : {}),
      },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: { loader: 'babel-loader', options: { envName: prod ? 'production' : 'development', cacheDirectory: true } },
        },
        { test: /\.css$/, use: ['style-loader', 'css-loader'] },
        { test: /\.(png|svg|jpe?g|gif|webp)$/i, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: path.join(root, 'public/index.html'), favicon: path.join(root, 'public/favicon.svg') }),
      new webpack.DefinePlugin({ __MOCK__: JSON.stringify(mock) }),
    ],
    performance: { hints: false },
    optimization: { splitChunks: { chunks: 'async' } },
    devServer: {
      port: Number(process.env.WEB_PORT ?? 8080),
      hot: true,
      historyApiFallback: true,
      static: mock
        ? [{ directory: path.join(root, 'public') }, { directory: path.join(root, 'node_modules/msw/lib'), publicPath: '/' }]
        : [{ directory: path.join(root, 'public') }],
      proxy: mock
        ? []
        : [{ context: ['/api', '/uploads', '/socket.io', '/config.js'], target: apiTarget, ws: true }],
    },
  };
};
