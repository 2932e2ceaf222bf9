import type { HTMLAttributes, ReactNode } from 'react'
import {
  ComposerContext,
  type ComposerContextValue,
  MessagesContext,
  type MessagesValue,
  useComposerContext,
  useComposerState,
  useMessages,
} from './context.ts'
import { getRootProps } from './props.ts'

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
  const ctx = useComposerContext()
  const { messages } = useMessages()
  const view = useComposerState((state) => ({ phase: state.phase, minimized: state.minimized }))
  return (
    <section
      {...rest}
      {...getRootProps(ctx, { ...view, label: messages.regionLabel })}
      data-theme={theme}
    >
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
