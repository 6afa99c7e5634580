/**
 * How dependency-cruiser reads our TypeScript. Its own TypeScript reader needs the compiler's JS API, which
 * TypeScript 7 (native) no longer ships, so it reads through Babel. Babel drops type-only imports, and a type
 * import is still an arrow between layers: keepTypeImports turns each into a bare import first, so cycles and
 * layer rules see the edges `tsc` sees.
 */
function keepTypeImports({ types: t }) {
  return {
    visitor: {
      Program: {
        enter(path) {
          for (const statement of path.get('body')) {
            const { node } = statement;
            const isTypeImport =
              node.type === 'ImportDeclaration' &&
              (node.importKind === 'type' ||
                (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type')));
            const isTypeReExport =
              node.type === 'ExportNamedDeclaration' &&
              node.source &&
              (node.exportKind === 'type' ||
                (node.specifiers.length > 0 && node.specifiers.every((s) => s.exportKind === 'type')));
            if (isTypeImport || isTypeReExport) statement.replaceWith(t.importDeclaration([], node.source));
          }
        },
      },
    },
  };
}

export default {
  babelrc: false,
  configFile: false,
  plugins: [keepTypeImports],
  presets: [['@babel/preset-typescript', { onlyRemoveTypeImports: true }]],
};
