import type { HTMLAttributes, ReactNode } from 'react'
import {
  ComposerContext,
  type ComposerContextValue,
  MessagesContext,
  type MessagesValue,
  useComposerContext,
} from './context.ts'
import { usePart } from './use-part.ts'

/** What `useQuestionComposer` hands to `Composer.Root`. */
export interface ComposerHandle {
  context: ComposerContextValue
  i18n: MessagesValue
}

/** Props of `Composer.Root`. */
export interface ComposerRootProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** The composer from `useQuestionComposer()`. */
  composer: ComposerHandle
  /** Forces a colour theme; otherwise it follows `prefers-color-scheme`. */
  theme?: 'light' | 'dark' | undefined
  children?: ReactNode
}

function RootElement({ theme, children, ...rest }: Omit<ComposerRootProps, 'composer'>) {
  const { rootRef } = useComposerContext()
  const props = usePart((api) => api.getRootProps())
  const ref = (element: HTMLElement | null) => {
    rootRef.current = element
  }
  return (
    <section {...rest} {...props} ref={ref} data-theme={theme}>
      {children}
    </section>
  )
}

/**
 * The outermost element of a composer (`data-scope="question-composer"`,
 * `data-part="root"`, `data-state` = phase). Provides the composer to its parts,
 * and runs the keyboard map for keys pressed inside.
 */
export function Root({ composer, ...props }: ComposerRootProps) {
  return (
    <ComposerContext.Provider value={composer.context}>
      <MessagesContext.Provider value={composer.i18n}>
        <RootElement {...props} />
      </MessagesContext.Provider>
    </ComposerContext.Provider>
  )
}
