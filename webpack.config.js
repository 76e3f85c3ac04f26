// One build for every deployment: runtime settings reach the page as a JSON block the server fills
// in index.html (server/plugins/static-files.ts).
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import CompressionPlugin from 'compression-webpack-plugin';
import CopyPlugin from 'copy-webpack-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { InjectManifest } from 'workbox-webpack-plugin';

const root = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = `http://localhost:${process.env.API_PORT ?? 8081}`;

// Text files above 1 KB get a Brotli (quality 11) and a gzip (level 9) sibling, served by the server
// by Accept-Encoding (@fastify/static's preCompressed): compressed once at build, never per request.
const compressible = /\.(js|css|html|svg|json|webmanifest)$/;
const compression = [
  new CompressionPlugin({
    test: compressible, threshold: 1024, minRatio: 1, filename: '[path][base].gz',
    algorithm: 'gzip', compressionOptions: { level: 9 },
  }),
  new CompressionPlugin({
    test: compressible, threshold: 1024, minRatio: 1, filename: '[path][base].br',
    algorithm: 'brotliCompress', compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
  }),
];

/**
 * The service worker (src/app/service-worker), production only, at /sw.js (its scope is the whole
 * site). Its precache list is this build's files with their hashes: not the source maps, nor the
 * .br/.gz copies (the browser asks for the file; the server picks the encoding), nor the install
 * icons (the browser fetches those itself when installing; 45 KB nobody needs offline). index.html
 * is precached under "/", its address as the server sends it with the runtime config filled in
 * (server/plugins/static-files.ts never serves /index.html itself); its revision stays the build's,
 * so a new build is a new shell. Hashed files need no revision of their own (their name is one).
 */
const serviceWorker = () => new InjectManifest({
  swSrc: path.join(root, 'src/app/service-worker/index.ts'),
  swDest: 'sw.js',
  exclude: [/\.map$/, /\.(br|gz)$/, /\.LICENSE\.txt$/, /^icons\//],
  dontCacheBustURLsMatching: /^\/assets\/.+\.[0-9a-f]{8}\.[a-z0-9]+$/,
  manifestTransforms: [async (entries) => ({
    manifest: entries.map((entry) => (entry.url === '/index.html' ? { ...entry, url: '/' } : entry)),
    warnings: [],
  })],
});

/** `<link rel="preload">` for the initial chunks, so their download starts with the page's first bytes. */
class PreloadInitialChunks {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadInitialChunks', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadInitialChunks', (data) => {
        const scripts = data.headTags.filter((tag) => tag.tagName === 'script' && tag.attributes.src);
        const preloads = scripts.map((tag) => HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', href: tag.attributes.src }));
        data.headTags = [...preloads, ...data.headTags];
        return data;
      });
    });
  }
}

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
        // Production: CSS in minified files of its own (one per chunk), not strings in the JS that
        // must run before anything is styled; development keeps style-loader for hot reload.
        { test: /\.css$/, use: [prod ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
        { test: /\.(png|svg|jpe?g|gif|webp)$/i, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        template: path.join(root, 'public/index.html'),
        favicon: path.join(root, 'public/favicon.svg'),
        inject: 'head',
        scriptLoading: 'defer',
      }),
      new PreloadInitialChunks(),
      new webpack.DefinePlugin({ __MOCK__: JSON.stringify(mock) }),
      // The map's route instructions in English only (see the file).
      new webpack.NormalModuleReplacementPlugin(/^\.\/languages$/, (resource) => {
        if (/[\\/]osrm-text-instructions$/.test(resource.context)) resource.request = path.join(root, 'webpack/osrm-text-instructions-en.cjs');
      }),
      // public/ (images, manifest) goes into dist/ too, so it is compressed with the rest.
      ...(prod ? [new MiniCssExtractPlugin({ filename: 'assets/[name].[contenthash:8].css', chunkFilename: 'assets/[name].[contenthash:8].css' })] : []),
      ...(prod ? [new CopyPlugin({ patterns: [{ from: path.join(root, 'public'), globOptions: { ignore: ['**/index.html', '**/favicon.svg'] } }] }), serviceWorker(), ...compression] : []),
    ],
    performance: { hints: false },
    optimization: {
      splitChunks: { chunks: 'async' },
      minimizer: ['...', new CssMinimizerPlugin()],
    },
    devServer: {
      port: Number(process.env.WEB_PORT ?? 8080),
      hot: true,
      historyApiFallback: true,
      static: mock
        ? [{ directory: path.join(root, 'public') }, { directory: path.join(root, 'node_modules/msw/lib'), publicPath: '/' }]
        : [{ directory: path.join(root, 'public') }],
      proxy: mock
        ? []
        : [{ context: ['/api', '/uploads', '/socket.io'], target: apiTarget, ws: true }],
    },
  };
};
