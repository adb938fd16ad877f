// The function-length rule of `npm run check:layout`: no function in src/ over a limit of lines,
// counted without the lines of JSX markup and template strings (a page's markup or a message's
// text is not logic to split). TypeScript's own parser finds the functions.
const fs = require("node:fs")
const path = require("node:path")
const ts = require("typescript")

const MARKUP = [
  ts.SyntaxKind.JsxElement,
  ts.SyntaxKind.JsxFragment,
  ts.SyntaxKind.JsxSelfClosingElement,
  ts.SyntaxKind.TemplateExpression,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
]

function isFunction(node) {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isArrowFunction(node) ||
    ts.isFunctionExpression(node) ||
    ts.isConstructorDeclaration(node)
  )
}

function lineOf(source, position) {
  return source.getLineAndCharacterOfPosition(position).line
}

/** Lines of `node` that are markup or template text, outermost only. */
function markupLines(source, node) {
  let lines = 0
  const visit = (child) => {
    if (MARKUP.includes(child.kind)) lines += lineOf(source, child.end) - lineOf(source, child.getStart(source))
    else ts.forEachChild(child, visit)
  }
  ts.forEachChild(node, visit)
  return lines
}

function nameOf(node) {
  if (node.name) return node.name.getText()
  if (node.parent && ts.isVariableDeclaration(node.parent)) return node.parent.name.getText()
  return "(a function)"
}

/** Each function of `files` (paths from `root`) over `maxLines`: "file:line name: N lines". */
function longFunctions(root, files, maxLines) {
  const found = []
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), "utf8")
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
    const visit = (node) => {
      if (isFunction(node)) {
        const start = lineOf(source, node.getStart(source))
        const lines = lineOf(source, node.end) - start + 1 - markupLines(source, node)
        if (lines > maxLines) found.push(`${file}:${start + 1} ${nameOf(node)}: ${lines} lines`)
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return found
}

module.exports = { longFunctions }
