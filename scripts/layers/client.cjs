/**
 * The client's rooms (DESIGN.md §1, as bulletproof-react does it): shared code (components/, lib/) → features → app.
 * A feature is one domain's room: it uses shared code and common/, never another feature; a screen or dialog that
 * needs several features is composed in app/ (app/routes/, the shell), which passes pickers and dialogs in as props.
 */
module.exports = {
  forbidden: [
    {
      name: 'feature-imports-no-other-feature',
      comment:
        'A feature never imports another feature: compose them in client/src/app/routes/, or pass the other ' +
        "feature's picker or dialog in as a prop.",
      severity: 'error',
      from: { path: '^client/src/features/([^/]+)/' },
      to: { path: '^client/src/features/', pathNot: '^client/src/features/$1/' },
    },
    {
      name: 'features-import-no-app',
      comment: 'app/ composes features; a feature never imports app/ (the route tree, the shell, the providers).',
      severity: 'error',
      from: { path: '^client/src/features/' },
      to: { path: '^client/src/app/' },
    },
    {
      name: 'shared-imports-no-feature',
      comment:
        'components/ and lib/ are shared by every feature, so they import none, nor app/. App-wide state (the ' +
        'session, permissions) lives in lib/.',
      severity: 'error',
      from: { path: '^client/src/(components|lib)/' },
      to: { path: '^client/src/(features|app)/' },
    },
  ],
};
