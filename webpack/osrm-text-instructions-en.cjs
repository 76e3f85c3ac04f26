// osrm-text-instructions' language table with English only: its own (languages.js) loads 30
// languages, about 60 KB gzipped, and the map speaks English. Swapped in by webpack.config.js.
module.exports = {
  supportedCodes: ['en'],
  instructions: { en: require('osrm-text-instructions/languages/translations/en.json') },
  grammars: {},
  abbreviations: { en: require('osrm-text-instructions/languages/abbreviations/en.json') },
};
