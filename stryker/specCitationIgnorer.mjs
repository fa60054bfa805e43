// Stryker ignorer (issue 19 §2, docs/decisions/mutation-testing.md "Mutation testing: a feasible scope"): a state's `meta.spec` is the
// spec section the state cites for reviewers (diagrams, the back office's chart page). Emptying that
// text or the `{ spec }` object changes no behaviour: machine versions leave meta out
// (machines/machineVersion.ts) and no rule reads it; its presence is held by `npm run diagrams --
// --check` and tests/paths/diagramCheck.test.ts, which fail on a state with no reference. Each such
// mutant would still cost a full run of the related tests, so they are not generated.
// `meta.status` (the stored lifecycle status) is behaviour and stays mutated: a meta object holding
// anything besides `spec` is not ignored.
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

const REASON = 'spec citation (documentation, held by the diagram check)';

function keyName(property) {
  const key = property.node.key;
  if (key?.type === 'Identifier') return key.name;
  if (key?.type === 'StringLiteral') return key.value;
  return undefined;
}

/** `path` is the value of a `name:` property. */
function isValueOf(path, name) {
  const parent = path.parentPath;
  return Boolean(parent?.isObjectProperty() && parent.node.value === path.node && keyName(parent) === name);
}

/** `{ spec: '…' }` as a state's meta: an object whose only property is `spec`. */
function isSpecOnlyMeta(path) {
  if (!path.isObjectExpression() || !isValueOf(path, 'meta')) return false;
  const properties = path.get('properties');
  return properties.length > 0 && properties.every((p) => p.isObjectProperty() && keyName(p) === 'spec');
}

/** The text of `meta: { spec: … }` (a string or a template), or any part of it. */
function isInSpecText(path) {
  const specValue = path.findParent(
    (p) => isValueOf(p, 'spec') && isValueOf(p.parentPath.parentPath, 'meta'),
  );
  return Boolean(specValue) || (isValueOf(path, 'spec') && isValueOf(path.parentPath.parentPath, 'meta'));
}

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'spec-citations', {
    shouldIgnore(path) {
      return isSpecOnlyMeta(path) || isInSpecText(path) ? REASON : undefined;
    },
  }),
];
