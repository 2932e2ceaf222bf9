import type { PermissionUpdate, PermissionUpdateDestination } from '@anthropic-ai/claude-agent-sdk'

const WHERE: Record<PermissionUpdateDestination, string> = {
  session: 'for this session',
  localSettings: 'in this project, for you only',
  projectSettings: 'in this project, for everyone',
  userSettings: 'in all your projects',
  cliArg: 'for this run',
}

const MODES: Record<string, string> = {
  default: 'ask before each risky step',
  acceptEdits: 'accept file edits without asking',
  bypassPermissions: 'run every tool without asking',
  plan: 'plan without running tools',
  dontAsk: 'deny what is not allowed already, without asking',
  auto: 'let a classifier approve or deny',
}

const rule = ({ toolName, ruleContent }: { toolName: string; ruleContent?: string }) =>
  ruleContent === undefined ? toolName : `${toolName}(${ruleContent})`

const list = (items: readonly string[]) => items.join(', ')

/**
 * A suggested permission update in words, as the person decides on it:
 * "Always allow Bash(npm test:*) in this project, for you only".
 */
export function describeSuggestion(update: PermissionUpdate): string {
  const where = WHERE[update.destination] ?? update.destination
  switch (update.type) {
    case 'addRules':
      return `Always ${update.behavior} ${list(update.rules.map(rule))} ${where}`
    case 'replaceRules':
      return `Always ${update.behavior} only ${list(update.rules.map(rule))} ${where}`
    case 'removeRules':
      return `Stop the ${update.behavior} rules for ${list(update.rules.map(rule))} ${where}`
    case 'setMode':
      return `Switch to ${update.mode} mode (${MODES[update.mode] ?? update.mode}) ${where}`
    case 'addDirectories':
      return `Allow access to ${list(update.directories)} ${where}`
    case 'removeDirectories':
      return `Remove access to ${list(update.directories)} ${where}`
    default:
      return 'Apply the suggested permission change'
  }
}
