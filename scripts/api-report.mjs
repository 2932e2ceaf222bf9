#!/usr/bin/env node
// The public surface, one report per package entry, kept in api/ so every
// change to what an adopter can import shows in review (style.md, practice
// 18). Each exported name is listed with its kind and its type as the
// TypeScript checker prints it, and marked when it has no doc comment.
//
//   node scripts/api-report.mjs          compare api/ with the sources (exit 1 when they differ)
//   node scripts/api-report.mjs --write  rewrite api/ from the sources
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = join(root, 'api')
const write = process.argv.includes('--write')

/** Every public entry: a package that is not private, each export but its stylesheet and package.json. */
function entries() {
  const found = []
  for (const folder of readdirSync(join(root, 'packages')).sort()) {
    const manifest = join(root, 'packages', folder, 'package.json')
    if (!existsSync(manifest)) continue
    const pkg = JSON.parse(readFileSync(manifest, 'utf8'))
    if (pkg.private) continue
    for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
      if (subpath === './package.json' || subpath.endsWith('.css')) continue
      const file = typeof target === 'string' ? target : (target.source ?? target.default)
      if (typeof file !== 'string' || !file.endsWith('.ts')) continue
      const name = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`
      found.push({ name, folder, subpath, file: join(root, 'packages', folder, file) })
    }
  }
  return found
}

const flags =
  ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType

function kindOf(symbol) {
  const f = symbol.flags
  if (f & ts.SymbolFlags.Function) return 'function'
  if (f & ts.SymbolFlags.Class) return 'class'
  if (f & ts.SymbolFlags.Enum) return 'enum'
  if (f & ts.SymbolFlags.Variable) return 'const'
  if (f & ts.SymbolFlags.Interface) return 'interface'
  if (f & ts.SymbolFlags.TypeAlias) return 'type'
  return 'other'
}

/** A type's `import("…")` names a file: repo-relative, or the package inside node_modules, so the report is the same in any clone. */
const portable = (text) =>
  text.replace(/import\("([^"]+)"\)/g, (_, path) => {
    const inside = path.lastIndexOf('/node_modules/')
    const shown = inside >= 0 ? path.slice(inside + '/node_modules/'.length) : relative(root, path)
    return `import("${shown}")`
  })

const isValue = (kind) =>
  kind === 'function' || kind === 'class' || kind === 'enum' || kind === 'const'

/** One line per member of an interface or an object type: `name?: type`. */
function members(checker, type, at) {
  return checker.getPropertiesOfType(type).map((property) => {
    const optional = property.flags & ts.SymbolFlags.Optional ? '?' : ''
    // Named as the member's own declaration names it (an inherited member's file imports its types).
    const where = property.valueDeclaration ?? at
    const shown = checker.typeToString(
      checker.getTypeOfSymbolAtLocation(property, where),
      where,
      flags,
    )
    return `    ${property.name}${optional}: ${shown}`
  })
}

function entryLines(checker, exported) {
  const symbol =
    exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
  const declaration = symbol.declarations?.[0]
  const kind = kindOf(symbol)
  const documented = symbol.getDocumentationComment(checker).length > 0
  const lines = []
  if (!declaration) return { kind, documented, lines: [`${kind} ${exported.name}`] }
  if (isValue(kind)) {
    const type = checker.getTypeOfSymbolAtLocation(symbol, declaration)
    lines.push(`${kind} ${exported.name}: ${checker.typeToString(type, declaration, flags)}`)
  } else if (kind === 'interface') {
    lines.push(`interface ${exported.name}`)
    lines.push(...members(checker, checker.getDeclaredTypeOfSymbol(symbol), declaration))
  } else {
    const type = checker.getDeclaredTypeOfSymbol(symbol)
    const text = ts.isTypeAliasDeclaration(declaration)
      ? declaration.type.getText()
      : checker.typeToString(type, declaration, flags)
    lines.push(`type ${exported.name} = ${text.replace(/\s+/g, ' ')}`)
  }
  return { kind, documented, lines: lines.map(portable) }
}

function report() {
  const list = entries()
  const program = ts.createProgram(
    list.map((entry) => entry.file),
    {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      jsx: ts.JsxEmit.ReactJSX,
      strict: true,
      exactOptionalPropertyTypes: true,
      allowImportingTsExtensions: true,
      resolveJsonModule: true,
      skipLibCheck: true,
      noEmit: true,
      types: ['node'],
    },
  )
  const checker = program.getTypeChecker()
  const files = new Map()
  const totals = []
  for (const entry of list) {
    const source = program.getSourceFile(entry.file)
    const module = source && checker.getSymbolAtLocation(source)
    if (!module) throw new Error(`api-report: cannot read ${relative(root, entry.file)}`)
    const exported = checker
      .getExportsOfModule(module)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    const described = exported.map((symbol) => entryLines(checker, symbol))
    const values = described.filter((item) => isValue(item.kind)).length
    const undocumented = exported.filter((_, index) => !described[index].documented)
    totals.push({
      name: entry.name,
      names: exported.length,
      values,
      undocumented: undocumented.length,
    })
    const body = [
      `# ${entry.name}`,
      '',
      `Generated by \`node scripts/api-report.mjs --write\` from \`${relative(root, entry.file)}\`: ${exported.length} names, ${values} of them values. A name without a doc comment is marked (undocumented).`,
      '',
      '```ts',
      ...described.flatMap((item, index) => [
        ...(item.documented ? [] : [`// ${exported[index].name}: (undocumented)`]),
        ...item.lines,
      ]),
      '```',
      '',
    ].join('\n')
    const fileName = `${entry.name.replace('@parley/', '').replaceAll('/', '.')}.api.md`
    files.set(fileName, body)
  }
  const sum = (key) => totals.reduce((total, row) => total + row[key], 0)
  files.set(
    'README.md',
    [
      '# The public API',
      '',
      'One report per public entry, generated by `node scripts/api-report.mjs --write`; `pnpm lint` fails when a report and the sources differ, so a change to what an adopter can import shows in review.',
      '',
      `**${totals.length} entries, ${sum('names')} exported names, ${sum('values')} of them values, ${sum('undocumented')} without a doc comment.**`,
      '',
      '| entry | names | values | undocumented |',
      '|---|---|---|---|',
      ...totals.map(
        (row) =>
          `| [\`${row.name}\`](${row.name.replace('@parley/', '').replaceAll('/', '.')}.api.md) | ${row.names} | ${row.values} | ${row.undocumented} |`,
      ),
      '',
    ].join('\n'),
  )
  return files
}

const files = report()
if (write) {
  rmSync(out, { recursive: true, force: true })
  mkdirSync(out, { recursive: true })
  for (const [name, body] of files) writeFileSync(join(out, name), body)
  console.log(`api-report: wrote ${files.size} files to api/`)
} else {
  const stale = []
  const present = existsSync(out) ? readdirSync(out) : []
  for (const [name, body] of files) {
    const path = join(out, name)
    if (!existsSync(path) || readFileSync(path, 'utf8') !== body) stale.push(name)
  }
  for (const name of present) if (!files.has(name)) stale.push(name)
  if (stale.length > 0) {
    console.error(
      `api-report: the public API changed (${stale.join(', ')}). Review the change, then run \`node scripts/api-report.mjs --write\` and commit api/.`,
    )
    process.exit(1)
  }
  console.log(`api-report: ${files.size - 1} entries match api/`)
}
