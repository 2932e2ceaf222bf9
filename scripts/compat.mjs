#!/usr/bin/env node
// Installs compat/react18 (React 18.3 for the jsdom-react18 test project)
// with npm, outside the pnpm workspace. Quick when it is already in place.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const dir = fileURLToPath(new URL('../compat/react18', import.meta.url))
const installed = join(dir, 'node_modules/react/package.json')
const wanted = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).dependencies.react
if (!existsSync(installed) || JSON.parse(readFileSync(installed, 'utf8')).version !== wanted) {
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    stdio: 'inherit',
  })
}
