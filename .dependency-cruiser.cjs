/**
 * Which code may import which (npm run lint:layers, part of npm test). The outer walls are here; the order of the
 * server's domains and layers is in scripts/layers/server.cjs, the client's features in scripts/layers/client.cjs.
 */
const server = require('./scripts/layers/server.cjs');
const client = require('./scripts/layers/client.cjs');

module.exports = {
  forbidden: [
    {
      name: 'common-imports-neither-side',
      comment: 'common/ is the contract both sides import; it imports neither of them.',
      severity: 'error',
      from: { path: '^common/' },
      to: { path: '^(server|client)/' },
    },
    {
      name: 'client-and-server-meet-in-common',
      comment: 'The client and the server share only common/.',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-and-client-meet-in-common',
      comment: 'The client and the server share only common/.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^client/' },
    },
    ...server.forbidden,
    ...client.forbidden,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|test-results)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
