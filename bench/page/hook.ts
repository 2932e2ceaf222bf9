/**
 * A minimal React DevTools global hook: React calls `onCommitFiberRoot` after
 * every commit, the same data the DevTools Profiler reads. While
 * `__bench.counting` is on, each commit's rendered components are recorded:
 * a function component rendered in this commit when its fiber has the
 * PerformedWork flag (or is new); a subtree whose child list is the previous
 * commit's was skipped whole (DevTools uses the same two rules).
 * Must be imported before react-dom.
 */

interface Fiber {
  tag: number
  flags: number
  type: unknown
  child: Fiber | null
  sibling: Fiber | null
  alternate: Fiber | null
}

interface RenderedComponent {
  name: string
  /** Inside the `Question` part (the active question), or `Question` itself. */
  inQuestion: boolean
}

export interface CommitRecord {
  root: string
  components: RenderedComponent[]
}

declare global {
  interface Window {
    __bench: { counting: boolean; commits: CommitRecord[]; renderers: number }
    __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown
  }
}

const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]) // function, class, forwardRef, memo, simple memo
const PERFORMED_WORK = 1

function nameOf(type: unknown): string {
  if (typeof type === 'function') return (type as { displayName?: string }).displayName ?? type.name
  if (type && typeof type === 'object') {
    const inner = type as { displayName?: string; render?: unknown; type?: unknown }
    return inner.displayName ?? nameOf(inner.render ?? inner.type)
  }
  return 'Anonymous'
}

function visit(fiber: Fiber, inQuestion: boolean, out: RenderedComponent[]): void {
  const previous = fiber.alternate
  let inside = inQuestion
  if (COMPONENT_TAGS.has(fiber.tag)) {
    const name = nameOf(fiber.type)
    if (name === 'Question') inside = true
    if (previous === null || (fiber.flags & PERFORMED_WORK) === PERFORMED_WORK)
      out.push({ name, inQuestion: inside })
  }
  if (previous !== null && previous.child === fiber.child) return
  for (let child = fiber.child; child; child = child.sibling) visit(child, inside, out)
}

window.__bench = { counting: false, commits: [], renderers: 0 }
window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
  supportsFiber: true,
  isDisabled: false,
  renderers: new Map(),
  inject() {
    window.__bench.renderers++
    return window.__bench.renderers
  },
  checkDCE() {},
  onScheduleFiberRoot() {},
  onCommitFiberUnmount() {},
  onPostCommitFiberRoot() {},
  onCommitFiberRoot(_renderer: number, root: { current: Fiber; containerInfo: { id?: string } }) {
    if (!window.__bench.counting) return
    const components: RenderedComponent[] = []
    for (let child = root.current.child; child; child = child.sibling)
      visit(child, false, components)
    window.__bench.commits.push({ root: root.containerInfo.id ?? '?', components })
  },
}
