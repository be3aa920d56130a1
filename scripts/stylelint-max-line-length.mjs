// A stylelint rule for `npm run lint`: no CSS line is wider than the given number of
// columns. Prettier wraps declarations at 120 but leaves comments and long values whole,
// and stylelint has no line-length rule of its own since its stylistic rules left it.
import stylelint from 'stylelint';

const ruleName = 'agent-checklist/max-line-length';
const messages = stylelint.utils.ruleMessages(ruleName, {
  rejected: (width, max) => `Line is ${width} columns, more than ${max}`,
});

/** @param {number} max */
const rule = (max) => (root, result) => {
  const valid = stylelint.utils.validateOptions(result, ruleName, {
    actual: max,
    possible: [(value) => Number.isInteger(value) && value > 0],
  });
  if (!valid) return;
  const lines = (root.source?.input.css ?? '').split('\n');
  lines.forEach((line, i) => {
    const width = [...line.replace(/\r$/, '')].length;
    if (width <= max) return;
    stylelint.utils.report({
      ruleName,
      result,
      node: root,
      message: messages.rejected(width, max),
      start: { line: i + 1, column: max + 1 },
      end: { line: i + 1, column: width + 1 },
    });
  });
};
rule.ruleName = ruleName;
rule.messages = messages;

export default stylelint.createPlugin(ruleName, rule);
